/** The tools MCP and the agent share (app/tools/), run in the caller's process over the service's ports. */
import { AppError } from '../../domain/errors.ts';
import type { RadarService } from '../radar-service.ts';
import type { ServiceContext } from './context.ts';

export function sharedToolMethods({ ports, logger }: ServiceContext): Pick<RadarService, 'runTool'> {
  return {
    async runTool(name, args) {
      // Loaded by the call: tool schemas load zod, which most commands never need.
      const { sharedTool } = await import('../tools/index.ts');
      const tool = sharedTool(name);
      if (!tool) throw new AppError('INVALID_INPUT', `there is no tool "${name.slice(0, 80)}"`);
      return tool.run({ store: ports.store, reranker: ports.reranker, llm: ports.llm, logger }, args);
    },
  };
}
