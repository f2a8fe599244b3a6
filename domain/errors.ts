/**
 * Typed errors with a literal `code`. Use `isAppError(e, code)` rather than `instanceof`: errors
 * cross worker threads and the Temporal sandbox, where class identity is lost.
 */
export type ErrorCode =
  | 'CONFIG_INVALID'
  | 'INTERNAL'
  | 'INVALID_INPUT'
  | 'NOT_FOUND'
  | 'TEMPORAL_UNAVAILABLE'
  | 'TEMPORAL_CLI_MISSING'
  | 'ARXIV_API_ERROR'
  | 'ARXIV_HTTP'
  | 'ARXIV_RATE_LIMITED'
  | 'ARXIV_MALFORMED'
  | 'ARXIV_EMPTY_PAGE'
  | 'HOST_NOT_ALLOWED'
  | 'CONVERT_FAILED'
  | 'CONVERT_TIMEOUT'
  | 'CONVERT_TOO_LARGE'
  | 'CONVERT_ENCRYPTED'
  | 'CONVERT_CORRUPT'
  | 'CONVERT_NO_TEXT'
  | 'STORE_ERROR'
  | 'PUBLISH_FAILED'
  | 'LLM_FAILED'
  | 'PERMISSION_DENIED'
  | 'RATE_LIMITED'
  /** The caller went away (Ctrl-C, a closed connection) and the work was stopped. */
  | 'CANCELLED'
  /** On-demand work did not finish within ONDEMAND_TIMEOUT_SECONDS. */
  | 'TIMED_OUT';

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
