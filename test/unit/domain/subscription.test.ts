/** The subscription rules shared by every front end: here, the time-zone check. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTimeZone } from '../../../domain/subscription.ts';

describe('isTimeZone', () => {
  it('takes the zones every runtime has without building a formatter', () => {
    assert.equal(isTimeZone('America/New_York'), true);
    assert.equal(isTimeZone('UTC'), true);
  });

  it('asks the runtime about any other zone', () => {
    assert.equal(isTimeZone('Europe/Paris'), true);
    assert.equal(isTimeZone('Asia/Kolkata'), true);
    assert.equal(isTimeZone('Mars/Olympus'), false);
    assert.equal(isTimeZone('america/new york'), false);
    assert.equal(isTimeZone(''), false);
  });
});
