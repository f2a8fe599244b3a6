/**
 * Margin line numbers that start again within a page. `lineno`'s page-wise numbering (Copernicus
 * discussion papers) restarts where the previous LaTeX run put the page break: when a float or a
 * display moved the break, the count goes back to its first number part-way down a page
 * (`10 15 20 25 5`). Such a column still counts lines, so it is dropped like a rising one.
 */

/**
 * The numbers rise down the column, save for restarts back to the first number a count can show:
 * 1, or the column's step when only every n-th line is numbered (`5` of `5 10 15`). Any other
 * fall (`30` after `12`) is no line count.
 */
export function risesWithRestarts(values: readonly number[]): boolean {
  const steps = values.slice(1).map((v, i) => v - values[i]!);
  const rises = steps.filter((d) => d > 0);
  if (rises.length < steps.length - rises.length) return false;
  const step = rises.length ? Math.min(...rises) : 1;
  return values.every((v, i) => i === 0 || v > values[i - 1]! || v === 1 || v === step);
}
