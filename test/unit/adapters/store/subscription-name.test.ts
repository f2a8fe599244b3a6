/**
 * The one subscription-name rule (domain/subscription.ts): every accepted name is a valid
 * digest folder, Temporal schedule id and Notion title; hostile names are refused before anything
 * is stored; names stored under the earlier rule can still be looked up and removed.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { topicSlug } from '../../../../adapters/publish/markdown-folder.ts';
import { normalizeSpace } from '../../../../adapters/publish/text.ts';
import { openSqliteStore } from '../../../../adapters/store/sqlite/index.ts';
import {
  MAX_SUBSCRIPTION_NAME,
  subscriptionNameProblem,
  validateNewSubscriptionName,
} from '../../../../domain/subscription.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { scheduleIdOf } from '../../../../workers/schedules.ts';

const VALID = [
  'graph-learning',
  'llm',
  'cs-lg-2024',
  'a',
  '0',
  'x1-y2-z3',
  'a'.repeat(MAX_SUBSCRIPTION_NAME),
  'console',
  'com10',
  'nullable',
];
/** [name, what the message must say] */
const INVALID: Array<[unknown, RegExp]> = [
  ['-', /starting and ending with a letter or digit/],
  ['--', /starting and ending/],
  ['-graphs', /starting and ending/],
  ['graphs-', /starting and ending/],
  ['graph--learning', /single '-'/],
  ['.', /lowercase letters and digits/],
  ['..', /lowercase letters and digits/],
  ['.hidden', /lowercase letters and digits/],
  ['a/b', /lowercase letters and digits/],
  ['..%2f', /lowercase letters and digits/],
  ['Graphs', /lowercase/],
  ['graph learning', /lowercase/],
  ['grâph', /lowercase/],
  ['con', /reserved for a device on Windows/],
  ['nul', /reserved/],
  ['lpt1', /reserved/],
  ['com9', /reserved/],
  ['a'.repeat(MAX_SUBSCRIPTION_NAME + 1), /65 characters; use at most 64/],
  ['', /required/],
  [undefined, /required/],
];

describe('subscription names', () => {
  it('accepts names that work as a folder, a schedule id and a Notion title', () => {
    for (const name of VALID) {
      assert.equal(subscriptionNameProblem(name), null, name);
      assert.equal(validateNewSubscriptionName(name), name);
      // The digest folder is the name itself: no two names share one.
      assert.equal(topicSlug(name), name, `folder for ${name}`);
      assert.match(scheduleIdOf(name), /^digest-[a-z0-9-]+$/);
      assert.ok(scheduleIdOf(name).length <= 255);
      assert.equal(normalizeSpace(name), name, `Notion title for ${name}`);
    }
  });

  for (const [name, why] of INVALID) {
    it(`refuses ${JSON.stringify(name)?.slice(0, 30)}`, () => {
      const problem = subscriptionNameProblem(name);
      assert.ok(problem, String(name));
      assert.match(problem, why);
      assert.throws(
        () => validateNewSubscriptionName(name as string),
        (e: unknown) => isAppError(e, 'INVALID_INPUT'),
      );
    });
  }

  it('the store refuses a bad name before storing anything, and still finds a name stored under the old rule', async () => {
    const store = openSqliteStore({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'sub-names-')) });
    try {
      await assert.rejects(
        store.upsertSubscription({ name: '-', interest: 'x', categories: ['cs.LG'] }),
        (e: unknown) => isAppError(e, 'INVALID_INPUT') && /starting and ending/.test(e.message),
      );
      assert.deepEqual(await store.listSubscriptions(), []);
      const ok = await store.upsertSubscription({
        name: 'graph-learning',
        interest: 'graphs',
        categories: ['cs.LG'],
      });
      assert.equal(ok.name, 'graph-learning');
      // Lookups and deletes stay on the looser earlier rule, so an old '-' subscription can be removed.
      assert.equal(await store.getSubscription('-'), null);
      assert.equal(await store.deleteSubscription('-'), false);
    } finally {
      await store.close();
    }
  });
});
