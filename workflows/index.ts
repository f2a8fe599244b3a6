/** The workflow bundle entry: re-exports every workflow. Deterministic code only (lint enforces it). */
export { healthCheck } from './health-check.ts';
export { paperIngest } from './paper-ingest.ts';
export { topicSearch } from './topic-search.ts';
export { topicDigest } from './topic-digest.ts';
export { arxivGate } from './arxiv-gate.ts';
export { agentTurn } from './agent-turn.ts';
