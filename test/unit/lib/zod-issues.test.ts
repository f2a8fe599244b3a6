/** Validation issues as one line (lib/zod-issues.ts), over zod's real issues. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { formatIssues } from '../../../lib/zod-issues.ts';

describe('formatIssues', () => {
  const schema = z.object({ query: z.string().min(1), limit: z.number().max(50), tags: z.array(z.string()) });

  it('names each issue by its path, on one line, joined by "; "', () => {
    const r = schema.safeParse({ query: '', limit: 51, tags: ['ok', 3] });
    assert.equal(r.success, false);
    const text = formatIssues(r.error!.issues);
    assert.match(text, /^query: .+; limit: .*50.*; tags\.1: .+$/);
    assert.doesNotMatch(text, /\n/);
  });

  it('names an issue of the input itself as given (arguments by default)', () => {
    const r = schema.safeParse('nope');
    assert.match(formatIssues(r.error!.issues), /^arguments: /);
    assert.match(formatIssues(r.error!.issues, 'input'), /^input: /);
  });

  it('collapses a multi-line message to one line', () => {
    assert.equal(formatIssues([{ path: ['a'], message: 'first\n  second' }]), 'a: first second');
  });
});
