/** The plain-language builder lives in domain/ (pure code every front end reads queries with); re-exported for the activities. */
export { buildQueryHeuristic, type BuiltQuery } from '../../domain/plain-query.ts';
