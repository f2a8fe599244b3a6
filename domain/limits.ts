/**
 * The limits of what one request may ask for, defined once: the library enforces them and every
 * front end's schema (CLI, Discord, MCP, the web form, the agent's tools) states the same numbers.
 */

/** Papers per digest. 50, not 100: every front end and DIGEST_TOP_K always capped it there, and a
 * digest of more is no longer a digest (a Discord message or a Notion page of 100 summaries). */
export const MIN_TOP_K = 1;
export const MAX_TOP_K = 50;

/** Most papers one search returns (the service caps maxResults here). */
export const MAX_SEARCH_RESULTS = 50;

/** Papers per page of a library listing. */
export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 50;

/** Seed papers a subscription may start from. */
export const MAX_SEED_PAPERS = 20;

/** Passages a library answer is built from (default and most). */
export const DEFAULT_ANSWER_PASSAGES = 5;
export const MAX_ANSWER_PASSAGES = 20;

/** `X must be a whole number from 1 to 50`: true when `n` is an integer in [min, max]. */
export const inRange = (n: number, min: number, max: number): boolean =>
  Number.isInteger(n) && n >= min && n <= max;
