/** The health check, answered before sessions exist (and before sign-in). */
import type { WebArea } from '../context.ts';

export const health: WebArea = {
  name: 'health',
  register(app) {
    app.get('/healthz', (c) => c.json({ ok: true }));
  },
};
