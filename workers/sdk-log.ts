/**
 * The Temporal SDK's log entries in our log. Its workflow logger hands over the failure of a
 * workflow ("Workflow failed") as `meta.error`: an Error from the workflow's sandbox (another
 * realm), whose fields are not enumerable, so JSON showed `"error":{}`. Here it becomes what an
 * operator needs: the error code (an ApplicationFailure's type, our AppError codes) and the
 * messages down its cause chain.
 */

/** An error as a log field: `{ name, code, message }`; anything else unchanged. */
export function describeSdkError(e: unknown): unknown {
  if (typeof e !== 'object' || e === null || !('message' in e)) return e;
  const messages: string[] = [];
  let code: string | undefined;
  let name: string | undefined;
  for (
    let c: unknown = e, depth = 0;
    typeof c === 'object' && c !== null && depth < 10;
    c = (c as { cause?: unknown }).cause, depth++
  ) {
    const err = c as { name?: unknown; message?: unknown; type?: unknown; code?: unknown };
    name ??= typeof err.name === 'string' ? err.name : undefined;
    const message = typeof err.message === 'string' ? err.message.trim() : '';
    if (message && !messages.some((m) => m.includes(message))) messages.push(message);
    // The innermost code wins: an ActivityFailure wraps the ApplicationFailure that says what happened.
    const own =
      typeof err.type === 'string' && err.type
        ? err.type
        : typeof err.code === 'string' && err.code
          ? err.code
          : undefined;
    if (own) code = own;
  }
  return { ...(name ? { name } : {}), ...(code ? { code } : {}), message: messages.join(': ') };
}

/**
 * The SDK's log metadata with its `error` (and `err`) described. A workflow's failure noted by
 * workflows/failure-log-interceptor.ts (`failure`: code and message, which the copy kept) fills in
 * what the copied error lost.
 */
export function sdkLogMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!meta) return meta;
  const { failure, ...out } = meta;
  for (const key of ['error', 'err'] as const) if (key in out) out[key] = describeSdkError(out[key]);
  if (failure && typeof failure === 'object') {
    const described = typeof out.error === 'object' && out.error !== null ? out.error : {};
    out.error = { ...described, ...failure };
  }
  return out;
}
