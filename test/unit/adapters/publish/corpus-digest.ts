/**
 * Builds realistic Digests from real arXiv API responses in the shared corpus: entries are the
 * papers of a recorded Atom feed, TL;DRs their abstracts' first sentences, key points the next
 * sentences. (adapters/arxiv/atom.ts is written in parallel; this keeps the tests independent.)
 */
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import type { Digest, DigestEntry } from '../../../../domain/digest.ts';
import { corpus } from '../../../support/corpus.ts';

interface AtomEntry {
  id: string;
  title: string;
  summary: string;
  published: string;
  author: { name: string } | { name: string }[];
  category: { '@_term': string } | { '@_term': string }[];
  'arxiv:primary_category'?: { '@_term': string };
  link: { '@_href': string; '@_title'?: string } | { '@_href': string; '@_title'?: string }[];
}

const asArray = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Splits an abstract into sentences (good enough for English abstracts). */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .filter((s) => s.length > 0);
}

/** The entries of a recorded Atom feed under corpus/atom, scored in feed order (best first). */
export function corpusEntries(file: string): DigestEntry[] {
  const xml = readFileSync(corpus('atom', file), 'utf8');
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true });
  const feed = (parser.parse(xml) as { feed: { entry?: AtomEntry | AtomEntry[] } }).feed;
  const entries = asArray(feed.entry);
  return entries.map((e, i) => {
    const m = /abs\/(.+?)(?:v(\d+))?$/.exec(e.id);
    if (!m?.[1]) throw new Error(`unexpected Atom id ${e.id}`);
    const abstract = sentences(e.summary);
    const categories = asArray(e.category).map((c) => c['@_term']);
    const pdf = asArray(e.link).find((l) => l['@_title'] === 'pdf');
    return {
      arxivId: m[1],
      version: m[2] ? Number(m[2]) : null,
      title: e.title,
      authors: asArray(e.author).map((a) => a.name),
      primaryCategory: e['arxiv:primary_category']?.['@_term'] ?? categories[0] ?? 'unknown',
      categories,
      published: e.published,
      absUrl: e.id.replace(/^http:/, 'https:'),
      pdfUrl: pdf ? pdf['@_href'] : null,
      score: Math.round((1 - i / (entries.length + 1)) * 1000) / 1000,
      summary: {
        tldr: abstract.slice(0, 2).join(' '),
        keyPoints: abstract.slice(2, 6),
        method: 'extractive' as const,
      },
    };
  });
}

/** A digest for the subscription `testing-research` over the given entries. */
export function corpusDigest(entries: DigestEntry[], overrides: Partial<Digest> = {}): Digest {
  return {
    key: 'testing-research:2026-04-13',
    subscription: 'testing-research',
    interest: 'Software testing of deep learning systems: metamorphic, mutation and combinatorial testing.',
    date: '2026-04-13',
    windowStart: '2026-04-10T00:00:00Z',
    windowEnd: '2026-04-13T00:00:00Z',
    entries,
    ...overrides,
  };
}

/**
 * A stress digest from the 100-paper feed: every TL;DR is three whole abstracts (well over
 * Notion's 2000-character rich-text limit and Discord's 4096-character description) and every
 * key point a full abstract.
 */
export function longDigest(): Digest {
  const entries = corpusEntries('search_testing_start0_max100.xml');
  const abstracts = entries.map((e) => [e.summary.tldr, ...e.summary.keyPoints].join(' '));
  return corpusDigest(
    entries.map((e, i) => ({
      ...e,
      summary: {
        ...e.summary,
        tldr: [0, 1, 2].map((k) => abstracts[(i + k) % abstracts.length]).join(' '),
        keyPoints: [0, 1, 2, 3, 4].map((k) => abstracts[(i + k + 3) % abstracts.length] ?? ''),
      },
    })),
    { key: 'testing-research:2026-04-14', date: '2026-04-14' },
  );
}
