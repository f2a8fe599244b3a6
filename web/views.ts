/**
 * Every page view, for callers outside web/ (tests): the routes import their own area's views from
 * web/views/<area>.ts, which hold the pages; web/views/layout.ts and components.ts are shared.
 */
export * from './views/layout.ts';
export * from './views/components.ts';
export * from './views/search.ts';
export * from './views/paper.ts';
export * from './views/library.ts';
export * from './views/subscriptions.ts';
export * from './views/digests.ts';
export * from './views/runs.ts';
export * from './views/chat.ts';
export * from './views/auth.ts';
