/** Real papers for the store tests, parsed from the recorded Atom feeds vendored in test/fixtures/corpus. */
import { readFileSync } from 'node:fs';
import { parseAtomFeed } from '../../../../adapters/arxiv/atom.ts';
import type { Paper } from '../../../../domain/paper.ts';
import { corpus } from '../../../support/corpus.ts';

/** The papers of one corpus Atom feed (`atom/<name>`). */
export function feedPapers(name: string): Paper[] {
  return parseAtomFeed(readFileSync(corpus('atom', name), 'utf8')).papers;
}

/**
 * The 2025 recordings hold UTF-8 names decoded as Latin-1 and re-encoded ("Dirk WÃ¼bben"); this
 * undoes that so accent handling is tested on the genuine name ("Dirk Wübben").
 */
export function repairMojibake(text: string): string {
  if (!/[ÃÂ]/.test(text)) return text;
  const bytes = Buffer.from(text, 'latin1');
  const fixed = bytes.toString('utf8');
  return fixed.includes('\uFFFD') ? text : fixed;
}

/** A paper with its author names repaired. */
export function withRepairedNames(p: Paper): Paper {
  return { ...p, authors: p.authors.map((a) => ({ ...a, name: repairMojibake(a.name) })) };
}
