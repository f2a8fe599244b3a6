/** `subscribe_topic(...)`: a scheduled digest for a topic. */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { isValidTimeZone } from '../../config/env.ts';
import { cronProblem } from '../../domain/cron.ts';
import type { SubscriptionRequest } from '../../app/radar-service.ts';
import { CATEGORY, MAX_SUBSCRIPTION_NAME, SUBSCRIPTION_NAME_PATTERN, subscriptionNameProblem } from '../../activities/store/validate.ts';
import { jsonResult, safely, type ToolDeps } from '../tool-result.ts';

/** Registers the tool. */
export function registerSubscribeTopicTool(server: McpServer, deps: ToolDeps): RegisteredTool {
  return server.registerTool(
    'subscribe_topic',
    {
      title: 'Subscribe to a topic',
      description: 'Create or update a subscription: new arXiv papers matching the query or categories are ranked by the interest and published as a digest on a schedule.',
      inputSchema: {
        // The library's one rule (the pattern shows in the JSON schema; the refinement adds reserved names).
        name: z
          .string()
          .max(MAX_SUBSCRIPTION_NAME)
          .regex(SUBSCRIPTION_NAME_PATTERN, 'lowercase letters and digits, words joined by single -, e.g. graph-learning')
          .superRefine((v, ctx) => {
            const problem = SUBSCRIPTION_NAME_PATTERN.test(v) ? subscriptionNameProblem(v) : null;
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          })
          .describe('Unique name; also the digest folder name, e.g. graph-learning'),
        interest: z.string().trim().min(3).max(500).describe('What you care about, in plain language'),
        query: z.string().trim().max(300).optional().describe('arXiv query or keywords'),
        categories: z.array(z.string().regex(CATEGORY, 'an arXiv category such as cs.LG')).max(20).optional(),
        schedule: z
          .string()
          .superRefine((v, ctx) => {
            const problem = cronProblem(v);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          })
          .optional()
          .describe('5-field cron expression: minute hour day-of-month month day-of-week'),
        timezone: z.string().refine(isValidTimeZone, 'an IANA time zone such as Europe/Berlin').optional(),
        top_k: z.number().int().min(1).max(50).optional(),
      },
    },
    (a) =>
      safely('subscribe_topic', deps.logger, async () => {
        const req: SubscriptionRequest = { name: a.name, interest: a.interest };
        if (a.query) req.query = a.query;
        if (a.categories?.length) req.categories = a.categories;
        if (a.schedule) req.cron = a.schedule;
        if (a.timezone) req.timezone = a.timezone;
        if (a.top_k) req.topK = a.top_k;
        if (!req.query && !req.categories) throw new Error('give a query or categories so the digest knows which papers to consider');
        return jsonResult({ subscription: await deps.service.subscribe(req) });
      }),
  );
}
