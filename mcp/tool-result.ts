/** Tool results: text content, and failures as `isError` results instead of thrown errors. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage, isAppError } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { redact } from '../lib/redact.ts';
import type { RadarService } from '../app/radar-service.ts';

export interface ToolDeps {
  service: RadarService;
  logger: Logger;
}

/** A text result. */
export function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

/** A JSON result: pretty-printed text (what most clients show) plus structured content. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** Runs a tool body; any failure becomes an `isError` result with a message the agent can act on. */
export async function safely(
  tool: string,
  logger: Logger,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await run();
  } catch (e) {
    logger.warn({ tool, err: errorMessage(e) }, 'MCP tool failed');
    const text = redact(
      isAppError(e) ? `${tool} failed (${e.code}): ${e.message}` : `${tool} failed: ${errorMessage(e)}`,
    );
    return { content: [{ type: 'text', text }], isError: true };
  }
}
