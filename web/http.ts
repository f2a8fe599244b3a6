/** Small request/response helpers every web area shares: error statuses, JSON wish, form lists. */
import type { Context } from 'hono';
import { formatIssues } from '../lib/zod-issues.ts';
import type { z } from 'zod';
import { isAppError, type ErrorCode } from '../domain/errors.ts';

const STATUS: Partial<Record<ErrorCode, 400 | 401 | 403 | 404 | 413 | 429 | 503 | 504>> = {
  INVALID_INPUT: 400,
  ARXIV_API_ERROR: 400,
  HOST_NOT_ALLOWED: 400,
  CONFIG_INVALID: 400,
  NOT_FOUND: 404,
  PERMISSION_DENIED: 403,
  RATE_LIMITED: 429,
  TEMPORAL_UNAVAILABLE: 503,
  TIMED_OUT: 504,
};

export const statusOf = (e: unknown) => (isAppError(e) ? (STATUS[e.code] ?? 500) : 500);

/** The request asked for JSON (the enhanced forms send `accept: application/json`). */
export const wantsJson = (c: Context) => (c.req.header('accept') ?? '').includes('application/json');

export const splitList = (s: string | undefined) =>
  (s ?? '')
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Zod issues as one sentence ("name: …; interest: …"). */
export const zodMessage = (e: z.ZodError): string => formatIssues(e.issues, 'input');

/** A safe place to go back to: a path on this site, never another origin. */
export const backOf = (v: unknown, fallback: string) =>
  typeof v === 'string' && /^\/(?!\/)[^\s\\]*$/.test(v) ? v : fallback;
