/** The tools MCP and the agent share (app/tools/), run in the caller's process over the service's ports. */
import { AppError } from '../../domain/errors.ts';
import { formatIssues } from '../../lib/zod-issues.ts';
import { subscribeTopic } from '../capabilities/subscribe.ts';
import type { RadarService } from '../radar-service.ts';
import type { ServiceContext } from './context.ts';

export function sharedToolMethods({
  ports,
  settings,
  logger,
}: ServiceContext): Pick<RadarService, 'runTool'> {
  return {
    async runTool(name, args, options = {}) {
      // Loaded by the call: tool schemas load zod, which most commands never need.
      const [{ sharedTool }, { z }] = await Promise.all([import('../tools/index.ts'), import('zod')]);
      const tool = sharedTool(name);
      if (!tool) throw new AppError('INVALID_INPUT', `there is no tool "${name.slice(0, 80)}"`);
      let checked = args;
      if (options.proposal) {
        // A stored proposal: only what the model may ask for (never a caller-only argument), checked again.
        const parsed = z.strictObject(tool.shape).safeParse(args);
        if (!parsed.success)
          throw new AppError(
            'INVALID_INPUT',
            `invalid arguments for ${name}: ${formatIssues(parsed.error.issues)}`,
          );
        checked = parsed.data;
      }
      return tool.run(
        {
          store: ports.store,
          reranker: ports.reranker,
          llm: ports.llm,
          subscribe: (req) => subscribeTopic(ports, settings, req),
          logger,
        },
        checked,
      );
    },
  };
}
