/** Reading and validating slash-command option values; bad input becomes an INVALID_INPUT AppError. */
import {
  isStoredSubscriptionName,
  MAX_SUBSCRIPTION_NAME,
  subscriptionNameProblem,
} from '../domain/subscription.ts';
import { AppError } from '../domain/errors.ts';
import type { CommandInvocation } from './types.ts';

/** A string option, trimmed; undefined when absent or blank. */
export function optionalString(inv: CommandInvocation, name: string, max: number): string | undefined {
  const v = inv.options[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new AppError('INVALID_INPUT', `\`${name}\` must be text.`);
  const s = v.trim();
  if (!s) return undefined;
  if (s.length > max)
    throw new AppError(
      'INVALID_INPUT',
      `\`${name}\` is too long (${s.length} characters, at most ${max}). Shorten it and try again.`,
    );
  return s;
}

/** A required string option. */
export function requiredString(inv: CommandInvocation, name: string, max: number): string {
  const s = optionalString(inv, name, max);
  if (s === undefined) throw new AppError('INVALID_INPUT', `\`${name}\` is required.`);
  return s;
}

/** An optional whole number within [min, max]. */
export function optionalInt(
  inv: CommandInvocation,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const v = inv.options[name];
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new AppError('INVALID_INPUT', `\`${name}\` must be a whole number from ${min} to ${max}.`);
  return n;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An optional YYYY-MM-DD date that is a real calendar day. */
export function optionalDate(inv: CommandInvocation, name: string): string | undefined {
  const s = optionalString(inv, name, 10);
  if (s === undefined) return undefined;
  if (
    !DATE.test(s) ||
    Number.isNaN(Date.parse(`${s}T00:00:00Z`)) ||
    new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) !== s
  ) {
    throw new AppError('INVALID_INPUT', `\`${name}\` must be a date like 2025-01-31 (got "${s}").`);
  }
  return s;
}

const CATEGORY = /^[a-z-]+(\.[A-Za-z-]+)?$/;

/** Comma- or space-separated arXiv categories such as `cs.LG, math.PR`. */
export function optionalCategories(inv: CommandInvocation, name: string): string[] | undefined {
  const s = optionalString(inv, name, 200);
  if (s === undefined) return undefined;
  const cats = s.split(/[\s,]+/).filter(Boolean);
  const bad = cats.find((c) => !CATEGORY.test(c));
  if (bad)
    throw new AppError(
      'INVALID_INPUT',
      `\`${bad}\` is not an arXiv category; use forms like cs.LG or hep-th.`,
    );
  return cats;
}

/**
 * A subscription name, by the library's one rule (domain/subscription.ts). `existing`: a
 * name that looks one up (unsubscribe, digest), where names stored under the earlier, looser rule
 * must still be accepted.
 */
export function subscriptionName(
  inv: CommandInvocation,
  name = 'name',
  opts: { existing?: boolean } = {},
): string {
  const s = requiredString(inv, name, MAX_SUBSCRIPTION_NAME);
  const problem = opts.existing && isStoredSubscriptionName(s) ? null : subscriptionNameProblem(s);
  if (problem) throw new AppError('INVALID_INPUT', `\`${name}\`: ${problem}.`);
  return s;
}
