/**
 * The composition root builds a front-end process's arXiv client once (workers/compose.ts): every
 * direct arXiv call of the service (lookups, searches) goes through that one client, so its
 * spacing holds across concurrent calls, and one call's abort stops only that call. Temporal is
 * unreachable here (nothing listens on the address), so the process's own spacing is all there is;
 * the fake arXiv records when each request arrived and ended.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../../domain/errors.ts';
import { silentLogger } from '../../../lib/logger.ts';
import { openRadarService, type RadarServiceHandle } from '../../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../../fakes/arxiv-server.ts';
import { fakeArxivEnv } from '../../support/fake-env.ts';
import { testConfig } from '../../support/runtime.ts';

const INTERVAL_MS = 300;

describe('workers/compose: one arXiv client per process', () => {
  let fake: FakeArxiv;
  let service: RadarServiceHandle;
  let dataDir: string;

  before(async () => {
    fake = await startFakeArxiv();
    const built = testConfig({
      ...fakeArxivEnv(fake),
      ARXIV_MIN_INTERVAL_MS: String(INTERVAL_MS),
      TEMPORAL_ADDRESS: '127.0.0.1:9', // nothing listens there
    });
    dataDir = built.dataDir;
    service = openRadarService(built.config, silentLogger);
  });
  after(async () => {
    await service?.close();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('concurrent lookups and searches are spaced as one process; an aborted call sends nothing', async () => {
    const aborted = new AbortController();
    aborted.abort();
    const [a, b, c, gone] = await Promise.allSettled([
      service.lookupArxiv('1605.08386'),
      service.lookupArxiv('1707.08567'),
      service.searchArxiv('all:markov', { maxResults: 5, sortBy: 'relevance' }),
      service.lookupArxiv('1201.4869', { signal: aborted.signal }),
    ]);
    assert.equal(a.status === 'fulfilled' && a.value?.id, '1605.08386');
    assert.equal(b.status === 'fulfilled' && b.value?.id, '1707.08567');
    assert.equal(c.status, 'fulfilled');
    assert.ok(
      gone.status === 'rejected' && isAppError(gone.reason, 'CANCELLED'),
      'the aborted call is CANCELLED',
    );
    assert.equal(fake.requests.length, 3);
    const sorted = [...fake.requests].sort((x, y) => x.at - y.at);
    for (let i = 1; i < sorted.length; i++) {
      const gap = sorted[i]!.at - (sorted[i - 1]!.endedAt ?? Infinity);
      assert.ok(gap >= INTERVAL_MS, `request ${i} arrived ${gap} ms after the previous ended`);
    }
  });
});
