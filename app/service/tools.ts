/** The tools MCP and the agent share (app/tools/), run in the caller's process over the service's ports. */
import { describeArguments } from '../../domain/agent-proposals.ts';
import { AppError } from '../../domain/errors.ts';
import { formatIssues } from '../../lib/zod-issues.ts';
import { subscribeTopic } from '../capabilities/subscribe.ts';
import type { RadarService } from '../radar-service.ts';
import type { SharedTool, ToolContext } from '../tools/index.ts';
import type { ServiceContext } from './context.ts';

/** The shared tool of that name (loaded by the call: tool schemas load zod, which most commands never need). */
async function toolNamed(name: string): Promise<SharedTool> {
  const { sharedTool } = await import('../tools/index.ts');
  const tool = sharedTool(name);
  if (!tool) throw new AppError('INVALID_INPUT', `there is no tool "${name.slice(0, 80)}"`);
  return tool;
}

/** A model's proposal: only what the model may ask for (never a caller-only argument), checked again. */
async function proposedArgs(
  tool: SharedTool,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { z } = await import('zod');
  const parsed = z.strictObject(tool.shape).safeParse(args);
  if (!parsed.success)
    throw new AppError(
      'INVALID_INPUT',
      `invalid arguments for ${tool.name}: ${formatIssues(parsed.error.issues)}`,
    );
  return parsed.data;
}

export function sharedToolMethods({
  ports,
  settings,
  logger,
}: ServiceContext): Pick<RadarService, 'runTool' | 'describeProposal'> {
  const ctx: ToolContext = {
    store: ports.store,
    reranker: ports.reranker,
    llm: ports.llm,
    subscribe: (req) => subscribeTopic(ports, settings, req),
    logger,
  };
  return {
    async runTool(name, args, options = {}) {
      const tool = await toolNamed(name);
      return tool.run(ctx, options.proposal ? await proposedArgs(tool, args) : args);
    },

    async describeProposal(name, args) {
      const tool = await toolNamed(name);
      if (!tool.sideEffect)
        throw new AppError('INVALID_INPUT', `${name} changes nothing: there is nothing to propose`);
      const checked = await proposedArgs(tool, args);
      return tool.sideEffect.describeProposal
        ? tool.sideEffect.describeProposal(ctx, checked)
        : describeArguments(tool.title, checked);
    },
  };
}
