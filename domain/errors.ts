/**
 * Typed errors with a literal `code`. Use `isAppError(e, code)` rather than `instanceof`: errors
 * cross worker threads and the Temporal sandbox, where class identity is lost.
 */
/**
 * Every error code, and what it means to a caller: the one table the CLI (exit status), the bot
 * (what a user is shown), the service (which workflow failures reach the user as they are) and the
 * workflows (which activity failures are never retried) read.
 * - `user`: the caller's to fix (bad input, a missing paper, config): shown as is, CLI exit 2.
 * - `permanent`: retrying the same call cannot succeed, so Temporal does not retry it.
 */
export const ERROR_CODES = {
  CONFIG_INVALID: { user: true, permanent: true },
  INTERNAL: { user: false, permanent: false },
  INVALID_INPUT: { user: true, permanent: true },
  NOT_FOUND: { user: true, permanent: true },
  TEMPORAL_UNAVAILABLE: { user: false, permanent: false },
  TEMPORAL_CLI_MISSING: { user: false, permanent: true },
  /** arXiv's error feed for a query it cannot run: the query is the caller's to fix. */
  ARXIV_API_ERROR: { user: true, permanent: true },
  ARXIV_HTTP: { user: false, permanent: false },
  ARXIV_RATE_LIMITED: { user: false, permanent: false },
  ARXIV_MALFORMED: { user: false, permanent: false },
  ARXIV_EMPTY_PAGE: { user: false, permanent: false },
  HOST_NOT_ALLOWED: { user: true, permanent: true },
  CONVERT_FAILED: { user: false, permanent: false },
  CONVERT_TIMEOUT: { user: false, permanent: false },
  CONVERT_TOO_LARGE: { user: false, permanent: true },
  CONVERT_ENCRYPTED: { user: false, permanent: true },
  CONVERT_CORRUPT: { user: false, permanent: true },
  CONVERT_NO_TEXT: { user: false, permanent: true },
  STORE_ERROR: { user: false, permanent: false },
  PUBLISH_FAILED: { user: false, permanent: false },
  LLM_FAILED: { user: false, permanent: false },
  PERMISSION_DENIED: { user: true, permanent: true },
  RATE_LIMITED: { user: false, permanent: false },
  /** The caller went away (Ctrl-C, a closed connection) and the work was stopped. */
  CANCELLED: { user: false, permanent: true },
  /** On-demand work did not finish within ONDEMAND_TIMEOUT_SECONDS. */
  TIMED_OUT: { user: false, permanent: true },
} as const satisfies Record<string, { user: boolean; permanent: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** True for a code the caller can fix (and should be shown as is). Unknown codes are not. */
export function isUserErrorCode(code: string): boolean {
  return (ERROR_CODES as Record<string, { user: boolean }>)[code]?.user ?? false;
}

/** Codes whose failures a retry cannot fix: every activity retry policy's nonRetryableErrorTypes. */
export const PERMANENT_CODES: readonly ErrorCode[] = (Object.keys(ERROR_CODES) as ErrorCode[]).filter(
  (c) => ERROR_CODES[c].permanent,
);

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { retryable?: boolean; retryAfterMs?: number; cause?: unknown; details?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
  }
  get retryable(): boolean {
    return this.options.retryable ?? false;
  }
}

export function isAppError(e: unknown, code?: ErrorCode): e is AppError {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { name?: unknown }).name === 'AppError' &&
    typeof (e as { code?: unknown }).code === 'string' &&
    (code === undefined || (e as { code: unknown }).code === code)
  );
}

/** A short, human-readable message for any thrown value. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
