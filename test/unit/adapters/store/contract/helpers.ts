/** What the per-port contract suites share: the error assertion, a paper lookup, sample records. */
import assert from 'node:assert/strict';
import type { Digest, Summary } from '../../../../../domain/digest.ts';
import { isAppError, type ErrorCode } from '../../../../../domain/errors.ts';
import type { Paper } from '../../../../../domain/paper.ts';

/** A port opened by a suite's factory; the suite closes it after each test. */
export type Opened<Port> = Port & { close(): Promise<void> };

/** Makes a new, empty store each time it is called. */
export type MakeStore<Port> = () => Promise<Opened<Port>>;

/** Asserts `p` rejects with an AppError of `code` whose message mentions `mention`. */
export async function rejectsWith(p: Promise<unknown>, code: ErrorCode, mention: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(isAppError(e, code), `expected AppError ${code}, got ${String(e)}`);
    assert.match(e.message, mention);
    return true;
  });
}

export const byId = (papers: Paper[], id: string): Paper => {
  const p = papers.find((x) => x.id === id);
  assert.ok(p, `fixture ${id} missing`);
  return p;
};

export const summary: Summary = {
  tldr: 'Finds a quantum critical point.',
  keyPoints: ['one', 'two', 'three'],
  method: 'extractive',
};

export function digest(key: string, subscription: string, date: string): Digest {
  return {
    key,
    subscription,
    interest: 'quantum criticality',
    date,
    windowStart: `${date}T00:00:00.000Z`,
    windowEnd: `${date}T23:59:59.000Z`,
    entries: [],
  };
}
