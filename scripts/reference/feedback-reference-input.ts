/**
 * Writes the input of the logistic-regression reference (test/fixtures/feedback/reference-input.json):
 * 80 real papers of the recorded all-archives RSS feed (the first 80 cs.* items announced as new),
 * tokenized by adapters/rank/bm25.ts `tokenize`, labelled by whether the title or abstract
 * mentions graphs, with a second, dense feature (a made-up interest score: the item's position
 * in the feed scaled to [0, 1]). scripts/reference/feedback_reference.py then computes
 * scikit-learn's tf-idf and logistic regression on it; the unit test compares ours to those numbers.
 * Run: npx tsx scripts/reference/feedback-reference-input.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseAnnounceFeed } from '../../adapters/arxiv/rss.ts';
import { tokenize } from '../../adapters/rank/bm25.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const feed = parseAnnounceFeed(
  readFileSync(path.join(ROOT, 'test/fixtures/corpus/rss/rss_all-20-archives_2024-11-28.xml'), 'utf8'),
);
const items = feed.items
  .filter((i) => i.announceType === 'new' && i.paper.primaryCategory.startsWith('cs.'))
  .slice(0, 80);
const docs = items.map((i, n) => ({
  id: i.paper.id,
  tokens: tokenize(`${i.paper.title}\n${i.paper.abstract}`),
  label: /graph/i.test(`${i.paper.title} ${i.paper.abstract}`),
  interest: n / (items.length - 1),
}));
writeFileSync(
  path.join(ROOT, 'test/fixtures/feedback/reference-input.json'),
  `${JSON.stringify({ source: 'rss_all-20-archives_2024-11-28.xml', docs })}\n`,
);
console.log(`${docs.length} docs, ${docs.filter((d) => d.label).length} positive`);
