/**
 * Gives the SDK's "Workflow failed" log entry the failure's code and message. The SDK hands the
 * error to the worker's logger through a sink, which copies it the way postMessage does: an
 * ApplicationFailure arrives as a bare Error without its `type` (our error code), so start's log
 * read `"error":{}`. This interceptor notes the failure as the workflow throws it and adds it to
 * the log attributes as `failure: { code, message }` (plain data survives the copy); the worker's
 * logger (workers/sdk-log.ts) shows it as the entry's error. No workflow command is involved.
 */
import type { WorkflowInterceptorsFactory } from '@temporalio/workflow';

/** The failure as plain data: the innermost code (an ApplicationFailure's type) and the messages down the cause chain. */
export function failureOf(e: unknown): { code?: string; message: string } {
  const messages: string[] = [];
  let code: string | undefined;
  for (
    let c: unknown = e, depth = 0;
    typeof c === 'object' && c !== null && depth < 10;
    c = (c as { cause?: unknown }).cause, depth++
  ) {
    const err = c as { message?: unknown; type?: unknown };
    const message = typeof err.message === 'string' ? err.message.trim() : '';
    if (message && !messages.some((m) => m.includes(message))) messages.push(message);
    if (typeof err.type === 'string' && err.type) code = err.type;
  }
  return { ...(code ? { code } : {}), message: messages.join(': ') || String(e) };
}

export const interceptors: WorkflowInterceptorsFactory = () => {
  let failure: { code?: string; message: string } | undefined;
  return {
    inbound: [
      {
        async execute(input, next) {
          try {
            return await next(input);
          } catch (e) {
            failure = failureOf(e);
            throw e;
          }
        },
      },
    ],
    outbound: [
      {
        getLogAttributes: (input, next) => next(failure ? { ...input, failure } : input),
      },
    ],
  };
};
