/**
 * L2-regularised logistic regression on sparse rows, the objective of scikit-learn's
 * `LogisticRegression(penalty='l2', C, class_weight, solver='lbfgs')`:
 *   minimise 0.5 * |w|^2 + C * sum_i s_i * log(1 + exp(-y_i (w . x_i + b)))
 * with y in {-1, +1}, per-sample weights s_i (class_weight='balanced': n / (2 * n_class)) and
 * the intercept b unpenalised. Solved by L-BFGS (Nocedal & Wright, "Numerical Optimization",
 * algorithm 7.4) with a backtracking Armijo line search, to a tight gradient tolerance, so the
 * result is the unique optimum (the objective is strictly convex), whatever the solver.
 * No package in the npm registry fits: ml-logistic-regression runs a fixed number of dense,
 * unregularised gradient steps. test/unit/adapters/rank/feedback/ checks this against
 * scikit-learn's numbers.
 */
import type { SparseVector } from './tfidf.ts';

export interface LogisticOptions {
  /** Inverse regularisation strength (scikit-learn's C). */
  c: number;
  /** Weigh each class by n / (2 * its count), as class_weight='balanced'. */
  balanced: boolean;
  /** Stop when the gradient's largest component is below this (scikit-learn's lbfgs uses pgtol = tol). */
  tolerance?: number;
  maxIterations?: number;
}

export interface LogisticModel {
  /** Weights by feature index (dense over `dimensions`). */
  weights: Float64Array;
  intercept: number;
  iterations: number;
}

/** Fits the model; `labels` are true for the positive class. Needs both classes. */
export function fitLogistic(
  rows: SparseVector[],
  labels: boolean[],
  dimensions: number,
  opts: LogisticOptions,
): LogisticModel {
  const n = rows.length;
  const pos = labels.filter(Boolean).length;
  if (pos === 0 || pos === n) throw new Error('logistic regression needs examples of both classes');
  const y = labels.map((l) => (l ? 1 : -1));
  const s = labels.map((l) => (opts.balanced ? n / (2 * (l ? pos : n - pos)) : 1));
  const d = dimensions + 1; // last component: the intercept
  const tol = opts.tolerance ?? 1e-8;
  const maxIter = opts.maxIterations ?? 1000;

  /** Objective and gradient at theta. */
  const evaluate = (theta: Float64Array, grad: Float64Array): number => {
    let f = 0;
    for (let j = 0; j < dimensions; j++) {
      f += 0.5 * theta[j]! * theta[j]!;
      grad[j] = theta[j]!;
    }
    grad[dimensions] = 0;
    const b = theta[dimensions]!;
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      let z = b;
      for (let k = 0; k < r.idx.length; k++) z += theta[r.idx[k]!]! * r.val[k]!;
      const m = y[i]! * z;
      // log(1 + exp(-m)) and its derivative, stable for large |m|.
      const loss = m > 0 ? Math.log1p(Math.exp(-m)) : -m + Math.log1p(Math.exp(m));
      f += opts.c * s[i]! * loss;
      const g = (-opts.c * s[i]! * y[i]!) / (1 + Math.exp(m));
      for (let k = 0; k < r.idx.length; k++) grad[r.idx[k]!]! += g * r.val[k]!;
      grad[dimensions]! += g;
    }
    return f;
  };

  const theta = new Float64Array(d);
  const grad = new Float64Array(d);
  let f = evaluate(theta, grad);
  const history: Array<{ s: Float64Array; y: Float64Array; rho: number }> = [];
  const M = 10;
  const dir = new Float64Array(d);
  const next = new Float64Array(d);
  const nextGrad = new Float64Array(d);
  let iter = 0;
  for (; iter < maxIter; iter++) {
    let gmax = 0;
    for (let j = 0; j < d; j++) gmax = Math.max(gmax, Math.abs(grad[j]!));
    if (gmax < tol) break;
    // Two-loop recursion: dir = -H * grad.
    for (let j = 0; j < d; j++) dir[j] = -grad[j]!;
    const alpha: number[] = [];
    for (let h = history.length - 1; h >= 0; h--) {
      const { s: sv, y: yv, rho } = history[h]!;
      let a = 0;
      for (let j = 0; j < d; j++) a += sv[j]! * dir[j]!;
      a *= rho;
      alpha[h] = a;
      for (let j = 0; j < d; j++) dir[j]! -= a * yv[j]!;
    }
    if (history.length > 0) {
      const last = history[history.length - 1]!;
      let yy = 0;
      for (let j = 0; j < d; j++) yy += last.y[j]! * last.y[j]!;
      const gamma = 1 / (last.rho * yy);
      for (let j = 0; j < d; j++) dir[j]! *= gamma;
    }
    for (let h = 0; h < history.length; h++) {
      const { s: sv, y: yv, rho } = history[h]!;
      let b = 0;
      for (let j = 0; j < d; j++) b += yv[j]! * dir[j]!;
      b *= rho;
      for (let j = 0; j < d; j++) dir[j]! += sv[j]! * (alpha[h]! - b);
    }
    let slope = 0;
    for (let j = 0; j < d; j++) slope += grad[j]! * dir[j]!;
    if (slope >= 0) {
      // Not a descent direction (numerical trouble): restart from steepest descent.
      history.length = 0;
      for (let j = 0; j < d; j++) dir[j] = -grad[j]!;
      slope = 0;
      for (let j = 0; j < d; j++) slope += grad[j]! * dir[j]!;
    }
    let step = history.length === 0 && iter === 0 ? 1 / Math.max(1, Math.sqrt(-slope)) : 1;
    let fNext = 0;
    for (let tries = 0; ; tries++) {
      for (let j = 0; j < d; j++) next[j] = theta[j]! + step * dir[j]!;
      fNext = evaluate(next, nextGrad);
      if (fNext <= f + 1e-4 * step * slope || tries > 50) break;
      step *= 0.5;
    }
    const sv = new Float64Array(d);
    const yv = new Float64Array(d);
    let sy = 0;
    for (let j = 0; j < d; j++) {
      sv[j] = next[j]! - theta[j]!;
      yv[j] = nextGrad[j]! - grad[j]!;
      sy += sv[j]! * yv[j]!;
    }
    theta.set(next);
    grad.set(nextGrad);
    const improved = f - fNext;
    f = fNext;
    if (sy > 1e-12) {
      history.push({ s: sv, y: yv, rho: 1 / sy });
      if (history.length > M) history.shift();
    }
    if (improved >= 0 && improved < 1e-16 * Math.max(1, Math.abs(f))) break;
  }
  return { weights: theta.subarray(0, dimensions), intercept: theta[dimensions]!, iterations: iter };
}

/** The decision value w . x + b (log-odds of the positive class). */
export function decision(model: LogisticModel, x: SparseVector): number {
  let z = model.intercept;
  for (let k = 0; k < x.idx.length; k++) z += model.weights[x.idx[k]!]! * x.val[k]!;
  return z;
}
