/**
 * What an MCP request gives the command layer: its AbortSignal (aborted when the client cancels
 * the request or the connection closes: the workflow is then cancelled, not left running) and,
 * when the client sent a progressToken, progress notifications ("arXiv answered 503; retry 5 in
 * 32 s").
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { CallOptions, ProgressFn } from '../app/radar-service.ts';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The caller's signal and a progress function for one tool call. */
export function callOptions(extra: ToolExtra): { progress: ProgressFn | undefined; options: CallOptions } {
  const token = extra._meta?.progressToken;
  let n = 0;
  const progress: ProgressFn | undefined =
    token === undefined
      ? undefined
      : (message) => {
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: ++n, message },
            })
            .catch(() => {});
        };
  return { progress, options: { signal: extra.signal } };
}
