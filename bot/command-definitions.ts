/**
 * The `/arxiv` slash command as Discord's application-command JSON, registered by
 * `discord deploy-commands`. Option limits here (max_length, min/max) are enforced by Discord
 * before the bot sees them; handlers validate again because HTTP payloads can be forged by nobody
 * but still deserve checking.
 */
import { MAX_TOP_K, MIN_TOP_K } from '../domain/limits.ts';

const STRING = 3;
const INTEGER = 4;
const SUB_COMMAND = 1;

const str = (
  name: string,
  description: string,
  opts: { required?: boolean; max?: number; autocomplete?: boolean } = {},
) => ({
  type: STRING,
  name,
  description,
  required: opts.required ?? false,
  ...(opts.max ? { max_length: opts.max } : {}),
  ...(opts.autocomplete ? { autocomplete: true } : {}),
});

/** The command JSON PUT to `/applications/{id}/commands` (or the guild variant). */
export const ARXIV_COMMAND = {
  name: 'arxiv',
  description: 'Search arXiv, fetch papers, ask the library, manage topic digests',
  type: 1,
  options: [
    {
      type: SUB_COMMAND,
      name: 'search',
      description: 'Search arXiv and rank the best matches',
      options: [
        str('question', 'What are you looking for? Plain language or an arXiv query', {
          required: true,
          max: 500,
        }),
      ],
    },
    {
      type: SUB_COMMAND,
      name: 'paper',
      description: 'Summary, links and the full text as Markdown',
      options: [
        str('ref', 'arXiv URL or id, e.g. 2104.12255 or https://arxiv.org/abs/2104.12255', {
          required: true,
          max: 300,
        }),
      ],
    },
    {
      type: SUB_COMMAND,
      name: 'ask',
      description: 'Answer a question from the papers in the library, with citations',
      options: [str('question', 'Your question', { required: true, max: 500 })],
    },
    {
      type: SUB_COMMAND,
      name: 'list',
      description: 'Browse the papers in the library',
      options: [
        str('query', 'Words in the title or abstract', { max: 200 }),
        str('author', 'Author name', { max: 100 }),
        str('category', 'arXiv category, e.g. cs.LG', { max: 40 }),
        str('from', 'Published on or after (YYYY-MM-DD)', { max: 10 }),
        str('to', 'Published on or before (YYYY-MM-DD)', { max: 10 }),
      ],
    },
    {
      type: SUB_COMMAND,
      name: 'subscribe',
      description: 'Post a digest of new papers to this channel on a schedule',
      options: [
        str('name', 'Subscription name (lowercase letters, digits and -)', { required: true, max: 64 }),
        str('query', 'arXiv query or keywords that select candidate papers', { required: true, max: 300 }),
        str('interest', 'What you care about, in plain language (used for ranking)', {
          required: true,
          max: 500,
        }),
        str('categories', 'Comma-separated arXiv categories, e.g. cs.LG,cs.CL', { max: 200 }),
        str('schedule', 'Cron expression, e.g. "30 20 * * 0-4"', { max: 100 }),
        str('timezone', 'IANA time zone, e.g. Europe/Berlin', { max: 64 }),
        {
          type: INTEGER,
          name: 'top',
          description: `Papers per digest (${MIN_TOP_K}-${MAX_TOP_K})`,
          required: false,
          min_value: MIN_TOP_K,
          max_value: MAX_TOP_K,
        },
        str('like', 'Seed papers you already like: arXiv ids or URLs, space- or comma-separated', {
          max: 1000,
        }),
      ],
    },
    {
      type: SUB_COMMAND,
      name: 'unsubscribe',
      description: 'Remove a subscription',
      options: [str('name', 'Subscription name', { required: true, max: 64, autocomplete: true })],
    },
    { type: SUB_COMMAND, name: 'subscriptions', description: 'List the subscriptions' },
    {
      type: SUB_COMMAND,
      name: 'digest',
      description: 'Run a subscription’s digest now',
      options: [str('name', 'Subscription name', { required: true, max: 64, autocomplete: true })],
    },
  ],
} as const;

/** Every command this bot registers. */
export const COMMAND_DEFINITIONS = [ARXIV_COMMAND];
