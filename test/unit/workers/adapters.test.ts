/**
 * The composition root builds each adapter once per process (workers/adapters.ts): the LLM
 * client the service uses is the one the workers' activities and the agent use, when `start`
 * hands the same set to both (a real SQLite library and blob store in a temp DATA_DIR; no model
 * is called, so the LLM URL needs nothing listening).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { silentLogger } from '../../../lib/logger.ts';
import { createAdapters } from '../../../workers/adapters.ts';
import { buildActivities } from '../../../workers/build-activities.ts';
import { openRadarService } from '../../../workers/compose.ts';
import { testConfig } from '../../support/runtime.ts';

describe('workers/adapters: one set per process', () => {
  const { config, dataDir } = testConfig({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'one' });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('builds the LLM client once, on first use', async () => {
    const adapters = createAdapters(config, silentLogger);
    const [a, b] = await Promise.all([adapters.llm(), adapters.llm()]);
    assert.ok(a, 'an LLM is configured');
    assert.equal(a, b);
    assert.equal(a.model, 'one');
  });

  it('the service and the workers given one set share its LLM client', async () => {
    const adapters = createAdapters(config, silentLogger);
    const service = openRadarService(config, silentLogger, { adapters });
    const built = await buildActivities(config, silentLogger, adapters);
    try {
      assert.equal(service.adapters, adapters);
      assert.equal(built.llm, await adapters.llm());
    } finally {
      await built.close();
      await service.close();
    }
  });

  it('without an LLM configured there is none to share', async () => {
    const { config: plain, dataDir: dir } = testConfig();
    try {
      assert.equal(await createAdapters(plain, silentLogger).llm(), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
