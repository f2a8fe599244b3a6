/** The workflow bundle entry: re-exports every workflow. Deterministic code only (lint enforces it). */
export { healthCheck } from './health-check.ts';
export { fetchPapers } from './fetch-papers.ts';
