/**
 * The feedback evaluation (scripts/eval-feedback.ts, held-out split) keeps meeting its goal: by day
 * 10 the digests with ratings are at least twice as precise as interest only, averaged over the
 * simulated readers, and never worse than interest only after day 3. A regression guard for the
 * ranker; the numbers themselves are in docs/relevance.md.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluate, READERS } from '../../../scripts/eval-feedback.ts';

describe('eval:feedback (held-out split)', () => {
  it('meets the goal: day 10 with ratings >= 2x interest only on average; no day after day 3 below it', async () => {
    const { results } = await evaluate('held-out');
    const mean = (cond: 'interest' | 'ratings' | 'seeds', d: number) =>
      READERS.reduce((s, r) => s + results[r.name]![cond][d]!, 0) / READERS.length;
    assert.ok(READERS.length >= 3);
    assert.ok(
      mean('ratings', 9) >= 2 * mean('interest', 9),
      `day 10: ${mean('ratings', 9)} vs ${mean('interest', 9)}`,
    );
    for (let d = 3; d < 10; d++) {
      assert.ok(
        mean('ratings', d) >= mean('interest', d),
        `day ${d + 1}: with ratings ${mean('ratings', d)} < interest only ${mean('interest', d)}`,
      );
      assert.ok(
        mean('seeds', d) >= mean('interest', d),
        `day ${d + 1}: ratings + seeds ${mean('seeds', d)} < interest only ${mean('interest', d)}`,
      );
    }
  });
});
