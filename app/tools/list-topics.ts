/** `list_topics`: the library's topic folders with their paper counts (MCP and the agent). */
import { listTopics } from '../capabilities/library.ts';
import type { SharedTool } from './shared-tool.ts';

/** One line per topic folder. */
export function topicsText(topics: Array<{ name: string; count: number }>): string {
  return topics.length
    ? topics.map((t) => `- ${t.name} (${t.count} paper${t.count === 1 ? '' : 's'})`).join('\n')
    : 'The library has no topics yet.';
}

export const listTopicsTool: SharedTool = {
  name: 'list_topics',
  title: 'List library topics',
  description: 'The topic folders of the library with their paper counts.',
  shape: {},
  run: async (ctx) => ({ text: topicsText(await listTopics(ctx.store)) }),
};
