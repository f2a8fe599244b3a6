/**
 * The argument schemas of our capabilities, defined once: the MCP server registers its tools with
 * them (mcp/tools/*.ts) and the research agent derives its tools' JSON Schemas from them and
 * validates the model's arguments against them (activities/agent/tools.ts). Each schema states the
 * limits the library enforces.
 */
import { z } from 'zod';
import { CONTENT_SOURCES } from './content-source.ts';
import { MAX_SEED_PAPERS, MAX_TOP_K, MIN_TOP_K } from './limits.ts';
import { isIsoDate } from './arxiv-calendar.ts';
import { cronProblem } from './cron.ts';
import {
  CATEGORY,
  DEFAULT_LIMIT,
  MAX_ID_LENGTH,
  MAX_LIMIT,
  MAX_SEARCH_RESULTS,
  MAX_TOPIC_NAME,
} from './library.ts';
import {
  isTimeZone,
  MAX_SUBSCRIPTION_NAME,
  SUBSCRIPTION_NAME_PATTERN,
  subscriptionNameProblem,
} from './subscription.ts';

const date = z.string().refine(isIsoDate, 'not a calendar date; use YYYY-MM-DD');
const categories = z.array(z.string().regex(CATEGORY, 'an arXiv category such as cs.LG')).max(20);

/** `search_papers` (MCP) / `search_arxiv` (agent). */
export const searchPapersShape = {
  // The topic also names the library folder the results are stored under, hence its limit.
  topic: z.string().trim().min(1).max(MAX_TOPIC_NAME).describe('The topic to search for'),
  max_results: z
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_RESULTS)
    .default(5)
    .describe(`Maximum number of papers (1-${MAX_SEARCH_RESULTS})`),
};

/** `extract_info`. */
export const extractInfoShape = {
  paper_id: z
    .string()
    .trim()
    .min(1)
    .max(MAX_ID_LENGTH)
    .describe('arXiv id, e.g. 2104.12255 or astro-ph/0601001'),
};

const paperRef = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .describe(
    'arXiv id or URL (abs, pdf, html, DOI, arXiv:ID), e.g. 2104.12255 or https://arxiv.org/abs/2104.12255',
  );
const paperSource = z
  .enum(['auto', ...CONTENT_SOURCES])
  .default('auto')
  .describe(
    'Where to take the full text from: auto (arXiv HTML, then ar5iv HTML, then the LaTeX source, then the PDF), or one of them',
  );

/** `get_paper` as the agent offers it: `ref`, the name of the CLI's `get <ref>`. */
export const getPaperShape = { ref: paperRef, source: paperSource };

/**
 * `get_paper` as the MCP server registers it: `ref`, or `url_or_id` (the argument's name until
 * 2026-11), still accepted so that existing clients keep working. mcp/tools/get-paper.ts requires one.
 */
export const getPaperMcpShape = {
  ref: paperRef.optional(),
  url_or_id: paperRef.optional().describe('Deprecated: the former name of ref, still accepted'),
  source: paperSource,
};

/** `list_papers`. */
export const listPapersShape = {
  query: z.string().max(300).optional().describe('Words in the title or abstract'),
  author: z.string().max(200).optional(),
  categories: categories.optional(),
  start_date: date.optional().describe('Published on or after (YYYY-MM-DD)'),
  end_date: date.optional().describe('Published on or before (YYYY-MM-DD)'),
  topic: z.string().max(MAX_TOPIC_NAME).optional(),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .default(DEFAULT_LIMIT)
    .describe(`Papers per page (1-${MAX_LIMIT})`),
  offset: z.number().int().min(0).default(0),
};

/** `ask_papers` (MCP and the agent). */
export const askPapersShape = {
  question: z.string().trim().min(3).max(1000),
};

/** `subscribe_topic`. */
export const subscribeTopicShape = {
  // The library's one rule (the pattern shows in the JSON schema; the refinement adds reserved names).
  name: z
    .string()
    .max(MAX_SUBSCRIPTION_NAME)
    .regex(
      SUBSCRIPTION_NAME_PATTERN,
      'lowercase letters and digits, words joined by single -, e.g. graph-learning',
    )
    .superRefine((v, ctx) => {
      const problem = SUBSCRIPTION_NAME_PATTERN.test(v) ? subscriptionNameProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .describe('Unique name; also the digest folder name, e.g. graph-learning'),
  interest: z.string().trim().min(3).max(500).describe('What you care about, in plain language'),
  query: z.string().trim().max(300).optional().describe('arXiv query or keywords'),
  categories: categories.optional(),
  schedule: z
    .string()
    .superRefine((v, ctx) => {
      const problem = cronProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe('5-field cron expression: minute hour day-of-month month day-of-week'),
  timezone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Berlin').optional(),
  top_k: z.number().int().min(MIN_TOP_K).max(MAX_TOP_K).optional(),
};

/** Seed papers of a new subscription (MCP `subscribe_topic`'s `like`). */
export const seedPapersShape = {
  like: z
    .array(z.string().trim().min(1).max(200))
    .max(MAX_SEED_PAPERS)
    .optional()
    .describe(
      `Seed papers the reader already knows are relevant: arXiv ids or URLs (up to ${MAX_SEED_PAPERS}); the digest learns from them`,
    ),
};

/** `rate_paper`: 👍/👎/clear on one paper for one subscription. */
export const ratePaperShape = {
  subscription: z
    .string()
    .trim()
    .min(1)
    .max(MAX_SUBSCRIPTION_NAME)
    .describe('The subscription the rating is for'),
  paper: z.string().trim().min(1).max(200).describe('arXiv id or URL'),
  rating: z.enum(['up', 'down', 'clear']).describe('up (relevant), down (not relevant) or clear'),
};
