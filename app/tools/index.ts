/**
 * The tools the MCP server and the research agent both offer (app/tools/shared-tool.ts). A new one
 * is its own file here plus one line in this list: mcp/server.ts registers every one, and the
 * agent offers every one (activities/agent/tools.ts) and runs it in the worker (a tool with a side
 * effect: on the user's confirmation of the model's proposal, see SharedTool.sideEffect).
 */
import { askPapersTool } from './ask-papers.ts';
import { listPapersTool } from './list-papers.ts';
import { listTopicsTool } from './list-topics.ts';
import type { SharedTool } from './shared-tool.ts';
import { subscribeTopicTool } from './subscribe-topic.ts';

export type { SharedTool, ToolContext, ToolOutput } from './shared-tool.ts';

export const SHARED_TOOLS: readonly SharedTool[] = [
  listPapersTool,
  askPapersTool,
  listTopicsTool,
  subscribeTopicTool,
];

/** The shared tool of that name, if there is one. */
export const sharedTool = (name: string): SharedTool | undefined => SHARED_TOOLS.find((t) => t.name === name);

/** The arguments a tool accepts from its caller: from the model, only `shape`; from MCP, `callerShape` too. */
export const toolShape = (tool: SharedTool, caller: 'model' | 'client') =>
  caller === 'model' ? tool.shape : { ...tool.shape, ...tool.callerShape };
