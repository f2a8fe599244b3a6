/**
 * The tools the MCP server and the research agent both offer (app/tools/shared-tool.ts). A new one
 * is its own file here plus one line in this list: mcp/server.ts registers every one, and the
 * agent offers every one (activities/agent/tools.ts) and runs it in the worker.
 */
import { listTopicsTool } from './list-topics.ts';
import type { SharedTool } from './shared-tool.ts';

export type { SharedTool, ToolContext } from './shared-tool.ts';

export const SHARED_TOOLS: readonly SharedTool[] = [listTopicsTool];

/** The shared tool of that name, if there is one. */
export const sharedTool = (name: string): SharedTool | undefined => SHARED_TOOLS.find((t) => t.name === name);
