/**
 * Links we vouch for (issue 28): a hostile `<link>` in an Atom entry, a hostile `<link>` and
 * `dc:rights` in an RSS item, a hostile `<license>` in an OAI record never reach an href; and every
 * href or URL we render (web pages, relative links to our own pages aside; bot messages, the paper's Markdown, the topic Markdown) or
 * publish (Markdown folder, Notion, Discord digests) points to the arXiv origin or is http(s).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseAtomFeed } from '../../../adapters/arxiv/atom.ts';
import { parseOaiListRecords } from '../../../adapters/arxiv/oai.ts';
import { parseAnnounceFeed } from '../../../adapters/arxiv/rss.ts';
import { renderPaperMarkdown } from '../../../app/capabilities/render.ts';
import { digestToDiscordMessages } from '../../../adapters/publish/discord.ts';
import { renderDigestMarkdown } from '../../../adapters/publish/markdown-folder.ts';
import { digestToNotionBlocks } from '../../../adapters/publish/notion-blocks.ts';
import { digestMessage, paperMessage, searchMessage } from '../../../bot/format.ts';
import { withVouchedLinks, type Digest } from '../../../domain/digest.ts';
import { arxivLinks, safeLicenseUrl, type Paper } from '../../../domain/paper.ts';
import { formatTopicMarkdown } from '../../../domain/topic-markdown.ts';
import * as views from '../../../web/views.ts';
import { corpus } from '../../support/corpus.ts';

const EVIL = [
  'javascript:alert(document.domain)',
  'https://evil.example/phish',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
];

function hostileAtom(): Paper[] {
  let xml = readFileSync(corpus('atom', 'id_list_1111.2011v2.xml'), 'utf8');
  xml = xml.replace(
    '<link href="http://arxiv.org/abs/1111.2011v2" rel="alternate"',
    `<link href="${EVIL[0]!}" rel="alternate"`,
  );
  xml = xml.replace(
    '<link title="pdf" href="http://arxiv.org/pdf/1111.2011v2"',
    `<link title="pdf" href="${EVIL[1]!}"`,
  );
  assert.ok(xml.includes(EVIL[0]!) && xml.includes(EVIL[1]!), 'the hostile links are in the feed');
  return parseAtomFeed(xml).papers;
}

function hostileRss(): Paper[] {
  let xml = readFileSync(corpus('rss', 'rss_cs.LG_2026-04-27_excerpt.xml'), 'utf8');
  xml = xml.replace('<link>https://arxiv.org/abs/2604.21952</link>', `<link>${EVIL[0]}</link>`);
  xml = xml.replace(
    '<dc:rights>http://arxiv.org/licenses/nonexclusive-distrib/1.0/</dc:rights>',
    `<dc:rights>${EVIL[0]}</dc:rights>`,
  );
  assert.ok(xml.includes(`<dc:rights>${EVIL[0]}`));
  return parseAnnounceFeed(xml).items.map((i) => i.paper);
}

function hostileOai(): Paper[] {
  let xml = readFileSync(corpus('atom', 'oai-pmh', 'oai_ListRecords_physics-hep-th_2017-12-14.xml'), 'utf8');
  xml = xml.replace(
    '<license>http://creativecommons.org/licenses/by/4.0/</license>',
    `<license>${EVIL[2]}</license>`,
  );
  assert.ok(xml.includes(EVIL[2]!));
  return parseOaiListRecords(xml).records.map((r) => r.paper);
}

/** The arXiv origin, any http(s) URL (a licence), or a path of our own app (`/paper/…`, `#…`). */
const vouched = (url: string) =>
  url.startsWith('https://arxiv.org/') ||
  /^https?:\/\/[^\s/]+\//.test(url) ||
  /^\/(?!\/)/.test(url) ||
  url.startsWith('#');
const onArxiv = (url: string) => url.startsWith('https://arxiv.org/');

/** Every URL in a rendered text: href/src attributes, Markdown links, bare URLs. */
function urlsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:href|src|action)\s*=\s*"([^"]*)"/gi))
    out.push(m[1]!.replace(/&amp;/g, '&'));
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) out.push(m[1]!);
  for (const m of text.matchAll(/\b[a-z][a-z0-9+.-]*:(?:\/\/)?[^\s"'<>()\]]+/gi))
    if (/^(https?|javascript|data|vbscript|file):/i.test(m[0])) out.push(m[0]);
  return out;
}

/** Every string under a key named url/link/href in a JSON payload (Notion, Discord). */
function urlFields(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) urlFields(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (/^(url|href|link)$/i.test(k) && typeof x === 'string') out.push(x);
      else if (typeof x === 'string') out.push(...urlsIn(x));
      else urlFields(x, out);
    }
  return out;
}

const ctx: views.PageContext = {
  csrf: 'c'.repeat(43),
  assetVersion: 'x',
  notion: true,
  stt: false,
  tts: 'browser',
  audioMaxSeconds: 60,
  temporalUiUrl: null,
  namespace: 'default',
};
const summary = {
  tldr: 'A summary of at least twenty characters.',
  keyPoints: ['one', 'two', 'three'],
  method: 'extractive' as const,
};

describe('links we vouch for', () => {
  const atom = hostileAtom();
  const rss = hostileRss();
  const oai = hostileOai();

  it('Atom: a hostile <link> (rel=alternate, title=pdf) is ignored; the links are built from the id', () => {
    const p = atom[0]!;
    assert.deepEqual(p.links, {
      abs: 'https://arxiv.org/abs/1111.2011v2',
      pdf: 'https://arxiv.org/pdf/1111.2011v2',
      html: null,
    });
  });

  it('RSS: a hostile <link> and dc:rights never become links; a real licence stays', () => {
    const p = rss.find((x) => x.id === '2604.21952')!;
    assert.equal(p.license, null);
    assert.equal(p.links.abs, 'https://arxiv.org/abs/2604.21952v1');
    assert.equal(
      rss.find((x) => x.id === '2604.21953')?.license,
      'http://arxiv.org/licenses/nonexclusive-distrib/1.0/',
    );
  });

  it('OAI: a hostile <license> is dropped; a real one stays', () => {
    assert.ok(oai.every((p) => p.license === null || /^https?:\/\//.test(p.license)));
    assert.ok(
      oai.some((p) => p.license === null),
      'the hostile licence was dropped',
    );
    assert.ok(oai.some((p) => p.license === 'http://arxiv.org/licenses/nonexclusive-distrib/1.0/'));
  });

  it('safeLicenseUrl and arxivLinks: http(s) only; ids stay paths on arXiv', () => {
    for (const bad of [
      ...EVIL.filter((e) => !e.startsWith('https')),
      'ftp://x/y',
      'https://user:pw@host/x',
      '//evil.example/x',
      'not a url',
      '',
    ])
      assert.equal(safeLicenseUrl(bad), null, bad);
    assert.equal(
      safeLicenseUrl(' https://creativecommons.org/licenses/by/4.0/ '),
      'https://creativecommons.org/licenses/by/4.0/',
    );
    assert.deepEqual(arxivLinks({ id: 'astro-ph/0601001', version: 3 }), {
      abs: 'https://arxiv.org/abs/astro-ph/0601001v3',
      pdf: 'https://arxiv.org/pdf/astro-ph/0601001v3',
      html: null,
    });
    assert.ok(onArxiv(arxivLinks({ id: '../../evil.example?x=javascript:', version: null }).abs));
    assert.equal(new URL(arxivLinks({ id: '//evil.example/x', version: null }).abs).host, 'arxiv.org');
  });

  it('every href or URL we render or publish points to the arXiv origin or is http(s)', () => {
    const papers = [...atom, ...rss.slice(0, 5), ...oai.slice(0, 5)].map((p) => ({
      ...p,
      license: p.license ?? EVIL[0]!,
    }));
    // A paper whose fields a stored row (or a test double) filled with hostile values: the renderers must not trust them either, so build them through the store's rule.
    const entries = papers.map((p) => ({
      arxivId: p.id,
      version: p.version,
      title: p.title,
      authors: p.authors.map((a) => a.name),
      primaryCategory: p.primaryCategory,
      categories: p.categories,
      published: p.published,
      absUrl: EVIL[0]!,
      pdfUrl: EVIL[1]!,
      score: 1,
      summary,
    }));
    const digest: Digest = withVouchedLinks({
      key: 'k',
      subscription: 'evil',
      interest: 'x',
      date: '2026-04-27',
      windowStart: '2026-04-26T00:00:00Z',
      windowEnd: '2026-04-27T00:00:00Z',
      entries,
    });
    const cleanPapers = papers.map((p) => ({ ...p, license: safeLicenseUrl(p.license) }));
    const ranked = cleanPapers.map((paper) => ({ paper, score: 1, summary }));
    const docs = cleanPapers.map((paper) => ({
      paper,
      markdown: renderPaperMarkdown(paper, null, 'no full text'),
      source: null,
      note: null,
      summary,
    }));
    const rendered: Array<[string, string[]]> = [
      [
        'web search',
        urlsIn(
          views
            .searchResults(ctx, 'q', { query: 'all:x', ranker: 'bm25', papers: ranked }, '/search')
            .toString(),
        ),
      ],
      ...docs.map((d): [string, string[]] => [
        `web paper ${d.paper.id}`,
        urlsIn(views.paperPage(ctx, d, '/').toString()),
      ]),
      ['web digest', urlsIn(views.digestPage(ctx, digest).toString())],
      ['paper markdown', docs.flatMap((d) => urlsIn(d.markdown))],
      ['topic markdown', urlsIn(formatTopicMarkdown('evil', cleanPapers))],
      ['markdown folder', urlsIn(renderDigestMarkdown(digest))],
      ['notion', urlFields(digestToNotionBlocks(digest))],
      ['discord digest', urlFields(digestToDiscordMessages(digest))],
      ['bot search', urlFields(searchMessage({ query: 'all:x', ranker: 'bm25', papers: ranked }))],
      ['bot paper', docs.flatMap((d) => urlFields(paperMessage(d)))],
      [
        'bot digest',
        urlFields(digestMessage('evil', { status: 'published', digest, receipts: [] } as never)),
      ],
    ];
    for (const [where, urls] of rendered) {
      for (const url of urls) assert.ok(vouched(url), `${where}: ${url}`);
      for (const evil of EVIL) assert.ok(!urls.includes(evil), `${where} rendered ${evil}`);
    }
    const paperLinks = rendered.flatMap(([, urls]) => urls).filter((u) => /\/(abs|pdf|html)\//.test(u));
    assert.ok(paperLinks.length > 30 && paperLinks.every(onArxiv), 'paper links point to the arXiv origin');
  });
});
