/**
 * The web app in a real browser: Debian's Chromium driven by playwright-core, against the real
 * RadarService and AgentService (Temporal dev server, SQLite library) wired to the loopback fakes
 * of arXiv (recorded corpus plus a constructed LaTeXML page with math and a hostile record), the
 * OpenAI-compatible LLM (scripted tool call) and audio server. Scenarios of issue 20: search →
 * scores → paper with typeset math; subscribe → run now → progress → digest; chat with a tool call,
 * the answer streaming in before it is finished, and a cited card; voice in (Chromium's fake microphone) and out; a hostile title rendered inert;
 * CSRF; rate limits; axe-core with no serious violations; a phone-sized layout. Every page of every
 * browser context is watched: a console error or an uncaught page error fails the test it happened in.
 *
 * WEB_DOCS=1 also writes a screenshot of each page and the measured load times and bytes to
 * docs/web/ (docs/web.md shows them).
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { AgentService } from '../../app/agent-service.ts';
import { arxivIdsIn } from '../../domain/agent.ts';
import { silentLogger } from '../../lib/logger.ts';
import { startWebServer, type WebServer } from '../../web/server.ts';
import { openAgentService } from '../../workers/compose-agent.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { sineWav, startFakeAudio, type FakeAudio } from '../fakes/audio-server.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from '../fakes/llm-server.ts';
import { startNotionServer, type NotionFake } from '../fakes/notion-server.ts';
import { compromisedModel, INJECTED_SUBSCRIPTION } from '../support/compromised-model.ts';
import { CORPUS_DIR } from '../support/corpus.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { fakeArxivEnv, fakeLlmEnv } from '../support/fake-env.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DOCS = process.env.WEB_DOCS === '1' ? path.resolve(import.meta.dirname, '../../docs/web') : null;
const HOSTILE_ID = '2401.00001';
const HOSTILE_TITLE =
  '<img src=x onerror="window.__pwned=1"> Hostile <script>window.__pwned=2</script> title';
const MATH_ID = '2202.12139';

/** A constructed arXiv LaTeXML page: sections, inline and display math (what the HTML converter reads). */
const MATH_HTML = `<!DOCTYPE html><html lang="en"><head><title>Testing Deep Learning Models</title></head><body>
<article class="ltx_document">
<h1 class="ltx_title ltx_title_document">Testing Deep Learning Models</h1>
<section class="ltx_section" id="S1"><h2 class="ltx_title ltx_title_section">1 Introduction</h2>
<div class="ltx_para"><p class="ltx_p">A model maps inputs with <math class="ltx_Math" alttext="f:\\mathbb{R}^{n}\\to\\mathbb{R}^{k}" display="inline"><mi>f</mi></math> and we test it on <math class="ltx_Math" alttext="N=10^{4}" display="inline"><mi>N</mi></math> inputs.</p></div></section>
<section class="ltx_section" id="S2"><h2 class="ltx_title ltx_title_section">2 Method</h2>
<table class="ltx_equation ltx_eqn_table" id="S2.E1"><tr><td><math class="ltx_Math" alttext="\\mathcal{L}(\\theta)=\\frac{1}{N}\\sum_{i=1}^{N}\\ell(f_{\\theta}(x_{i}),y_{i})" display="block"><mi>L</mi></math></td></tr></table>
<section class="ltx_subsection" id="S2.SS1"><h3 class="ltx_title ltx_title_subsection">2.1 Metamorphic relations</h3>
<div class="ltx_para"><p class="ltx_p">Each relation is a pair <math class="ltx_Math" alttext="(T_{in},T_{out})" display="inline"><mi>T</mi></math>.</p></div></section></section>
</article></body></html>`;

/** The hostile record's "HTML": scripts and handlers that must never run. */
const HOSTILE_HTML = `<!DOCTYPE html><html><body><article class="ltx_document">
<h1 class="ltx_title ltx_title_document">x</h1>
<section class="ltx_section"><h2 class="ltx_title ltx_title_section">1 &lt;img src=x onerror="window.__pwned=3"&gt; Intro</h2>
<div class="ltx_para"><p class="ltx_p">Text &lt;script&gt;window.__pwned=4&lt;/script&gt; and [a link](javascript:window.__pwned=5).</p></div>
<script>window.__pwned=6</script></section></article></body></html>`;

/** A corpus copy with one hostile record, found by `all:hostile` and by id. */
function corpusWithHostileRecord(dir: string): string {
  const out = path.join(dir, 'corpus');
  cpSync(CORPUS_DIR, out, { recursive: true });
  const envelope = readFileSync(path.join(out, 'atom', 'search_testing_start0_max10.xml'), 'utf8');
  const head = envelope
    .slice(0, envelope.indexOf('<entry>'))
    .replace('search_query=all:testing', 'search_query=all:hostile');
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const entry = `<entry>
    <id>http://arxiv.org/abs/${HOSTILE_ID}v1</id>
    <title>${esc(HOSTILE_TITLE)}</title>
    <updated>2024-01-02T00:00:00Z</updated>
    <link href="https://arxiv.org/abs/${HOSTILE_ID}v1" rel="alternate" type="text/html"/>
    <link href="https://arxiv.org/pdf/${HOSTILE_ID}v1" rel="related" type="application/pdf" title="pdf"/>
    <summary>${esc('An abstract with <b onmouseover="window.__pwned=7">markup</b> that stays text.')}</summary>
    <category term="cs.CR" scheme="http://arxiv.org/schemas/atom"/>
    <published>2024-01-02T00:00:00Z</published>
    <author><name>${esc('Mallory <svg onload=window.__pwned=8>')}</name></author>
    <arxiv:primary_category term="cs.CR"/>
  </entry>`;
  writeFileSync(path.join(out, 'atom', 'search_hostile_start0_max10.xml'), `${head}${entry}\n</feed>\n`);
  return out;
}

/**
 * An element's text as a reader sees it: whitespace runs as one space, trimmed (the views are
 * formatted by prettier, which wraps long text across lines of the HTML).
 */
const textOf = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

type Body = FakeLlmRequest['body'];
const isSummary = (b: Body) =>
  Boolean(b.response_format) && (b.messages?.[0]?.content ?? '').includes('"tldr"');
const isQuery = (b: Body) =>
  Boolean(b.response_format) && (b.messages?.[0]?.content ?? '').includes('search_query');

/**
 * The fake model's summary of the paper it was asked about (the prompt's `Title:` and `Abstract:`
 * lines): its abstract's first sentence as the TL;DR and the next ones as key points, so every
 * paper gets its own (the screenshots in docs/web show them).
 */
function perPaperSummary(b: Body): { content: string } {
  const prompt = b.messages?.find((m) => m.role === 'user')?.content ?? '';
  const abstract = (/^Abstract: (.*)$/m.exec(prompt)?.[1] ?? '').replace(/\s+/g, ' ').trim();
  const sentences = abstract
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 20);
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).replace(/\s+\S*$/, '')}…` : s);
  const tldr = clip(
    sentences[0] ?? `A paper titled ${/^Title: (.*)$/m.exec(prompt)?.[1] ?? 'unknown'}.`,
    240,
  );
  const points = sentences.slice(1, 4).map((s) => clip(s, 140));
  const clauses = abstract
    .split(/[,;:]\s+/)
    .filter((s) => s.length > 15)
    .map((s) => clip(s, 140));
  while (points.length < 3)
    points.push(clauses[points.length] ?? `Point ${points.length + 1} of the abstract`);
  return { content: JSON.stringify({ tldr, keyPoints: points }) };
}

describe('web app in Chromium (real service, loopback fakes)', { timeout: 600_000 }, () => {
  let tmp: string;
  let arxiv: FakeArxiv;
  let llm: FakeLlm;
  let audio: FakeAudio;
  let notion: NotionFake;
  let t: TestRuntime;
  let service: RadarServiceHandle;
  let agent: AgentService;
  let web: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const measurements: Record<string, unknown> = {};
  const axeResults: Record<
    string,
    { violations: Array<{ id: string; impact: string | null; nodes: number }>; passes: number }
  > = {};
  /** Console errors and uncaught exceptions of every page opened, with the page's URL. */
  const pageErrors: string[] = [];
  /** Watches every page a context opens (the favicon request, scripts, CSP refusals, network errors all log here). */
  const watchConsole = (ctx: BrowserContext) => {
    ctx.on('page', (p) => {
      p.on('console', (m) => {
        if (m.type() === 'error')
          pageErrors.push(`console error on ${p.url()}: ${m.text()} (${m.location().url})`);
      });
      p.on('pageerror', (e) => pageErrors.push(`uncaught error on ${p.url()}: ${e.message}`));
    });
    return ctx;
  };
  /** A new browser context whose pages are watched. */
  const newContext = async (options?: Parameters<Browser['newContext']>[0]) =>
    watchConsole(await browser.newContext(options));

  before(async () => {
    assert.ok(
      existsSync(CHROMIUM),
      `Chromium is not at ${CHROMIUM}: apt-get install chromium (.ci/run does), or set CHROMIUM_PATH`,
    );
    tmp = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-web-'));
    arxiv = await startFakeArxiv({
      corpusDir: corpusWithHostileRecord(tmp),
      documents: { [`html/${MATH_ID}`]: MATH_HTML, [`html/${HOSTILE_ID}`]: HOSTILE_HTML },
    });
    llm = await startFakeLlm();
    audio = await startFakeAudio();
    notion = await startNotionServer();
    // Query building and summaries (JSON mode) get valid answers; the agent's calls follow the script.
    llm.respondWith((b) => {
      if (isQuery(b)) return { content: '{"search_query":"all:testing","from":null,"to":null}' };
      if (isSummary(b)) return perPaperSummary(b);
      return undefined;
    });
    t = await startTestRuntime({
      ...fakeArxivEnv(arxiv),
      ...fakeLlmEnv(llm),
      AUDIO_BASE_URL: audio.url,
      AUDIO_API_KEY: 'audio-key-for-tests',
      STT_MODEL: 'whisper-test',
      TTS_MODEL: 'tts-test',
      NOTION_TOKEN: 'secret_test',
      NOTION_DATABASE_ID: notion.databaseId,
      NOTION_API_URL: notion.url,
    });
    service = openRadarService(t.config, silentLogger, { client: t.client });
    agent = openAgentService(t.config, silentLogger, service);
    web = await startWebServer({
      service,
      agent,
      config: t.config,
      logger: silentLogger,
      temporalUiUrl: 'http://127.0.0.1:8233',
      addr: '127.0.0.1:0',
      rateLimits: { search: [20, 1000], chat: [20, 1000], audio: [4, 600_000] },
    });
    const wav = path.join(tmp, 'question.wav');
    writeFileSync(wav, sineWav(3, 330, 48_000));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
    context = await newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['microphone'], { origin: web.url });
    page = await context.newPage();
    if (DOCS) mkdirSync(DOCS, { recursive: true });
  });

  after(async () => {
    if (DOCS)
      writeFileSync(
        path.join(DOCS, 'measurements.json'),
        `${JSON.stringify({ measurements, axe: axeResults }, null, 2)}\n`,
      );
    await browser?.close();
    await web?.stop();
    await service?.close();
    await t?.stop();
    await Promise.all([arxiv?.close(), llm?.close(), audio?.close(), notion?.close()]);
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** Takes the console errors a test expects (a 404 page logs its own status) out of the record, checking they happened. */
  const expectConsoleErrors = (pattern: RegExp, atLeast = 1) => {
    const matching = pageErrors.filter((e) => pattern.test(e));
    assert.ok(
      matching.length >= atLeast,
      `expected a console error matching ${pattern}; saw ${JSON.stringify(pageErrors)}`,
    );
    for (const e of matching) pageErrors.splice(pageErrors.indexOf(e), 1);
  };

  afterEach(() => {
    // Pages still open may log while the next test runs: each test answers for what it saw.
    const seen = pageErrors.splice(0);
    assert.deepEqual(seen, [], 'no console error and no uncaught error on any page');
  });

  // Browser-side code is passed as text: this project's TypeScript has no DOM types.
  const pwned = () => page.evaluate<number | null>('window.__pwned ?? null');

  /** axe-core in the page (evaluated over CDP, so the page's CSP does not block it): no serious or critical violations. */
  async function checkAccessibility(name: string): Promise<void> {
    await page.evaluate(axeSource);
    const r = (await page.evaluate(
      "axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] })",
    )) as {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }>;
      passes: unknown[];
    };
    axeResults[name] = {
      violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })),
      passes: r.passes.length,
    };
    const serious = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(
      serious.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
      [],
      `axe on ${name}`,
    );
  }

  async function shot(name: string): Promise<void> {
    if (DOCS) await page.screenshot({ path: path.join(DOCS, `${name}.png`), fullPage: false });
  }

  it('search shows results from one arXiv request before any full text is answered, then streams the top 3 full-text TL;DRs in; switched off, none', async () => {
    const fullText = (r: { path: string }) => /^\/(pdf|html)\//.test(r.path);
    arxiv.holdFullTexts();
    const mark = arxiv.requests.length;
    await page.goto(`${web.url}/search`);
    await page.getByLabel('Your question, in plain language').fill('testing deep learning models');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.result').first().waitFor({ timeout: 120_000 });
    const beforeRelease = arxiv.requests.slice(mark);
    assert.deepEqual(
      beforeRelease.filter((r) => r.path === '/api/query').map((r) => r.query.search_query),
      ['all:testing'],
      'the results cost one arXiv request',
    );
    assert.ok(
      beforeRelease.filter(fullText).every((r) => r.endedAt === undefined),
      'no full text was answered before the results were on the page',
    );
    assert.equal(await page.locator('#summary-1').getAttribute('data-source'), 'abstract');
    assert.match(await textOf(page.locator('#summary-1 .from')), /from the abstract/);
    const title1 = (await textOf(page.locator('.result h3').first())).trim();
    arxiv.release();
    await page.locator('#search-progress', { hasText: /full-text TL;DRs in/ }).waitFor({ timeout: 120_000 });
    // The top result has arXiv HTML in this corpus (2202.12139): its TL;DR now comes from the full text.
    assert.match(title1, /^Testing Deep Learning Models/);
    assert.equal(await page.locator('#summary-1').getAttribute('data-source'), 'full-text');
    assert.match(await textOf(page.locator('#summary-1 .from')), /from the full text/);
    const fetched = new Set(
      arxiv.requests
        .slice(mark)
        .filter(fullText)
        .map((r) => r.path.replace(/^\/(pdf|html)\//, '').replace(/v\d+$/, '')),
    );
    assert.ok(
      fetched.size >= 1 && fetched.size <= 3,
      `full texts of the top 3 only: ${[...fetched].join(', ')}`,
    );
    assert.equal(
      arxiv.requests.slice(mark).filter((r) => r.path === '/api/query').length,
      1,
      'still one query request',
    );

    // Switched off: results only, no full-text request.
    const mark2 = arxiv.requests.length;
    await page.getByLabel('Your question, in plain language').fill('metamorphic testing');
    await page.getByLabel(/full-text\s+TL;DRs for the top 3/).uncheck();
    // The previous results' heading steps aside, so the wait below sees the new one.
    await page.evaluate("document.querySelector('#results-h').id = 'results-h-before'");
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#results-h', { hasText: /^\d+ results?$/ }).waitFor({ timeout: 120_000 });
    // Nothing more is coming: the heading says the count, the progress line is empty.
    assert.equal(await textOf(page.locator('#search-progress')), '');
    assert.ok(!page.url().includes('full=1'));
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(
      arxiv.requests.slice(mark2).map((r) => r.path),
      ['/api/query'],
    );
  });

  it('search → ranked results with scores and the built query → a paper with typeset math and an outline', async () => {
    await page.goto(`${web.url}/search`);
    await page.getByLabel('Your question, in plain language').fill('testing deep learning models');
    await page.getByRole('button', { name: 'Search' }).click();
    // Progress arrives over SSE before the results replace it.
    await page.locator('.result').first().waitFor({ timeout: 120_000 });
    const scores = await page.locator('.result .score').allTextContents();
    assert.ok(scores.length >= 3, `${scores.length} results`);
    for (const s of scores) assert.match(s, /^score -?\d+\.\d{3}$/);
    assert.equal(await page.locator('#built-query').inputValue(), 'all:testing');
    assert.match(await textOf(page.locator('.ranker')), /Ranked by (the cross-encoder|BM25)/);
    const tldrs = await page.locator('.result .tldr').allTextContents();
    assert.ok(tldrs.length >= 2, 'the top results have TL;DRs');
    assert.equal(new Set(tldrs).size, tldrs.length, `each paper its own TL;DR: ${tldrs.join(' | ')}`);
    assert.ok(page.url().includes('q=testing+deep+learning+models'), 'the URL is shareable');
    await checkAccessibility('search');
    await shot('search');

    // Save the first result to a topic, in place (fetch + CSRF header).
    const first = page.locator('.result').first();
    await first.getByLabel('Topic').fill('web-saved');
    await first.getByRole('button', { name: 'Save to library' }).click();
    await first.locator('.action-status.ok').waitFor();
    const saved = await service.listPapers({ topic: 'web-saved' });
    assert.equal(saved.total_count, 1);
    // Send it to Notion: one page, and sending again does not make a second.
    const firstTitle = (await textOf(first.locator('h3'))).trim();
    for (let i = 0; i < 2; i++) {
      await first.getByRole('button', { name: 'Send to Notion' }).click();
      const status = first.locator('.action-status');
      await status.filter({ hasText: /^Sent to Notion/ }).waitFor();
      if (i === 0) await page.evaluate("document.querySelector('.result .action-status').textContent = ''");
    }
    assert.equal(notion.pages().length, 1);
    assert.ok(
      notion.pageText(notion.pages()[0]!.id).includes(firstTitle.slice(0, 30)),
      notion.pageText(notion.pages()[0]!.id).slice(0, 300),
    );

    await page.goto(`${web.url}/paper/${MATH_ID}`, { timeout: 120_000 });
    await page.locator('.markdown .katex').first().waitFor();
    const typeset = await page.locator('.markdown .katex').count();
    assert.ok(typeset >= 4, `${typeset} formulas typeset`);
    assert.ok(
      (await page.locator('.markdown .katex-display').count()) >= 1,
      'the display equation is typeset as a block',
    );
    // KaTeX's fonts come from this server (no CDN), and are used.
    const fonts = await page.evaluate<string[]>(
      "performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('KaTeX_'))",
    );
    assert.ok(fonts.length > 0 && fonts.every((f) => f.startsWith(web.url)), fonts.join(', '));
    const outline = await page.locator('nav.outline a').allTextContents();
    assert.deepEqual(outline.slice(0, 4), [
      'Abstract',
      'Full text (from arXiv HTML)',
      '1 Introduction',
      '2 Method',
    ]);
    assert.match(await textOf(page.locator('.paper .source')), /Full text:\s*from arXiv HTML/);
    assert.match(await textOf(page.locator('.facts')), /License/);
    await checkAccessibility('paper');
    await shot('paper');
  });

  it('a paper not stored yet: title, metadata and abstract at once, the full text streamed into the same page', async () => {
    // A result of the search above whose full text was not fetched (only the top three are).
    const stored = await service.listPapers({ query: 'testing', limit: 50 });
    let id = '';
    for (const p of stored.papers) if (!(await service.readStoredPaper(p.arxiv_id))) ({ arxiv_id: id } = p);
    assert.ok(id, 'a stored paper without full text');
    const releases = [arxiv.hold(`/html/${id}`), arxiv.hold(`/pdf/${id}`)];
    try {
      const loading = page.goto(`${web.url}/paper/${id}`, { waitUntil: 'load', timeout: 120_000 });
      await page.locator('.early .converting').waitFor({ timeout: 30_000 });
      assert.ok((await textOf(page.locator('#paper-title'))).length > 10, 'the title is shown');
      assert.ok((await textOf(page.locator('.early section p'))).length > 100, 'the abstract is shown');
      assert.match(await textOf(page.locator('.facts')), /Published/);
      assert.equal(await page.locator('.late').count(), 0, 'the full text is still on its way');
      for (const release of releases) release();
      await loading;
      await page.locator('.late .paper .source, .late .source').first().waitFor();
      assert.equal(
        await page.locator('.early').isVisible(),
        false,
        'the early abstract made way for the full text',
      );
      assert.match(await textOf(page.locator('.late .source')), /Full text:/);
    } finally {
      for (const release of releases) release();
    }
    await checkAccessibility('paper-streamed');
  });

  it('error pages say the specific thing in their heading', async () => {
    await page.goto(`${web.url}/paper/2401.99999`, { timeout: 120_000 });
    assert.equal(await textOf(page.locator('h1')), 'arXiv has no paper 2401.99999');
    assert.match(await page.title(), /^arXiv has no paper 2401\.99999 · arxiv-radar$/);
    assert.match(await textOf(page.locator('main')), /Check the id/);
    await page.goto(`${web.url}/no-such-page`);
    assert.equal(await textOf(page.locator('h1')), 'There is no page at /no-such-page');
    assert.equal(await page.getByText('Something went wrong').count(), 0);
    expectConsoleErrors(/status of 404/, 2);
  });

  it('a search that finds nothing: one message with what to try, and the query to edit', async () => {
    await page.goto(
      `${web.url}/search?q=${encodeURIComponent('nothing at all here')}&query=${encodeURIComponent('all:zzqxjw')}`,
      { timeout: 120_000 },
    );
    assert.equal(await textOf(page.locator('#results-h')), 'No papers found');
    assert.match(await textOf(page.locator('.results')), /arXiv has nothing for the query\s*all:zzqxjw/);
    assert.ok((await page.locator('.results .hints li').count()) >= 2, 'hints');
    assert.equal(await page.locator('#built-query').inputValue(), 'all:zzqxjw');
    assert.equal(await page.locator('.ranker').count(), 0);
    assert.equal(await page.getByText(/0 results/).count(), 0);
    // Through the live form as well: the progress line does not repeat a count.
    await page.getByLabel('Your question, in plain language').fill('nothing at all here');
    await page.locator('#built-query').fill('all:zzqxjw');
    // The server-rendered heading steps aside, so the wait below sees the streamed one.
    await page.evaluate("document.querySelector('#results-h').id = 'results-h-before'");
    await page.getByRole('button', { name: 'Run this query' }).click();
    await page.locator('#results-h', { hasText: 'No papers found' }).waitFor();
    assert.equal(await textOf(page.locator('#search-progress')), '');
    await checkAccessibility('search-empty');
  });

  it('a hostile title, author and paper text render as inert text', async () => {
    await page.goto(`${web.url}/search?q=hostile&query=${encodeURIComponent('all:hostile')}`, {
      timeout: 120_000,
    });
    const title = page.locator('.result h3 a').first();
    assert.equal(
      (await title.textContent())?.replace(/\s+/g, ' ').trim(),
      HOSTILE_TITLE.replace(/\s+/g, ' '),
    );
    assert.equal(await page.locator('main img, main svg:not(.katex svg), main script').count(), 0);
    assert.equal(await pwned(), null);
    await page.goto(`${web.url}/paper/${HOSTILE_ID}`, { timeout: 120_000 });
    assert.equal(await textOf(page.locator('#paper-title')), HOSTILE_TITLE);
    assert.match(await textOf(page.locator('.authors')), /Mallory <svg onload=window.__pwned=8>/);
    assert.equal(
      await page
        .locator('main img, main svg, main script, main [onerror], main [onload], main [onmouseover]')
        .count(),
      0,
    );
    assert.equal(await page.locator('main a[href^="javascript:"]').count(), 0);
    await page.locator('.paper-head').hover();
    assert.equal(await pwned(), null);
    await page.goto(`${web.url}/library?query=hostile`);
    assert.match(await textOf(page.locator('.library-list')), /<img src=x onerror/);
    assert.equal(await pwned(), null);
  });

  it('library: filters, total and paging', async () => {
    await page.goto(`${web.url}/library`);
    const total = Number(/of (\d+) papers/.exec(await textOf(page.locator('.total')))?.[1]);
    assert.ok(total >= 11, `${total} papers stored by the searches`);
    await page.getByLabel('Per page').selectOption('5');
    await page.getByRole('button', { name: 'Filter' }).click();
    assert.equal(await page.locator('.library-list > li').count(), 5);
    await page.getByRole('link', { name: 'Next →' }).click();
    assert.match(await textOf(page.locator('.total')), new RegExp(`^Showing 6–10 of ${total} papers$`));
    assert.match(await textOf(page.locator('.pager')), new RegExp(`Page 2 of ${Math.ceil(total / 5)}`));
    await page.goto(`${web.url}/library`);
    await page.getByLabel('Topic').selectOption('web-saved');
    await page.getByRole('button', { name: 'Filter' }).click();
    assert.match(await textOf(page.locator('.total')), /Showing 1–1 of 1 paper$/);
    // The saved paper says so, and in which folder.
    assert.match(await textOf(page.locator('.library-list > li h2')), /saved$/);
    assert.match(await textOf(page.locator('.library-list > li .meta')), /in web-saved/);
    await page.goto(`${web.url}/library`);
    // Abstracts, and saved papers told from those a search only saw.
    assert.equal(await textOf(page.locator('.library-list > li details summary').first()), 'Abstract');
    assert.ok((await textOf(page.locator('.library-list > li details p').first())).length > 100);
    assert.ok((await page.locator('.library-list .badge.seen').count()) >= 1, 'seen papers');
    await checkAccessibility('library');
    await shot('library');

    // Removing a paper: asked first, then gone; nothing else is.
    const seenItem = page.locator('.library-list > li', { has: page.locator('.badge.seen') }).first();
    const seenId = /arXiv:(\S+)/.exec(await textOf(seenItem.locator('.meta')))?.[1] ?? '';
    assert.ok(seenId);
    const savedBefore = await service.listPapers({ topic: 'web-saved' });
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await seenItem.getByRole('button', { name: /^Remove/ }).click();
    await page.locator('.flash', { hasText: `Removed arXiv:${seenId} from the library` }).waitFor();
    assert.match(asked, new RegExp(`^Remove arXiv:${seenId.replace(/\./g, '\\.')} from the library\\?`));
    assert.match(await textOf(page.locator('.total')), new RegExp(`of ${total - 1} papers$`));
    assert.equal(await service.extractInfo(seenId), null);
    assert.deepEqual(await service.listPapers({ topic: 'web-saved' }), savedBefore);
  });

  it('subscribe → schedule in words → run now → live progress → the digest listed and rendered; pause and delete', async () => {
    await page.goto(`${web.url}/subscriptions`);
    await page.getByLabel('Name').fill('web-agents');
    await page.getByLabel('Interest, in plain language').fill('large language model agents that use tools');
    await page.getByLabel('Categories (comma-separated)').fill('cs.AI');
    await page.getByLabel('Papers per digest').fill('2');
    // A seed paper not in the library yet (an id_list answer the fake arXiv has recorded).
    const seed = '1707.08567';
    assert.equal(await service.extractInfo(seed), null);
    const asked = arxiv.requests.length;
    await page.getByLabel('Seed papers you already like (optional)').fill(`https://arxiv.org/abs/${seed}`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const card = page.locator('#sub-web-agents');
    await card.waitFor({ timeout: 60_000 });
    // The seed was looked up on arXiv through the gate, stored, and rated 👍.
    assert.deepEqual(
      (await service.listRatings('web-agents')).map((r) => [r.arxivId, r.rating, r.source]),
      [[seed, 'up', 'seed']],
    );
    assert.ok(
      arxiv.requests.slice(asked).some((r) => (r.query.id_list ?? '').includes(seed)),
      'arXiv was asked for the seed',
    );
    assert.equal((await service.extractInfo(seed))?.id, seed);
    assert.match(
      await textOf(card.locator('.schedule')),
      /every weekday \(Monday to Friday\) at 01:15 and 07:15 America\/New_York, after arXiv's midnight ET feed/,
    );
    assert.match(await textOf(page.locator('.flash')), /Subscribed: web-agents\. 1 seed paper rated 👍\./);
    await checkAccessibility('subscriptions');
    await shot('subscriptions');

    await card.getByRole('button', { name: 'Run now' }).click();
    await page.waitForURL(/\/runs\//);
    await page.locator('#run-log li').first().waitFor();
    await page.locator('#run-temporal a').waitFor({ timeout: 60_000 });
    assert.match(
      (await page.locator('#run-temporal a').getAttribute('href')) ?? '',
      /^http:\/\/127\.0\.0\.1:8233\/namespaces\/default\/workflows\/digest-web-agents-manual-/,
    );
    await page
      .locator('#run-digests a')
      .first()
      .waitFor({ timeout: 240_000 })
      .catch(async (e: unknown) => {
        throw new Error(
          `no digest link: ${await page.locator('#run-state').textContent()} | ${(await page.locator('#run-log li').allTextContents()).join(' | ')}`,
          { cause: e },
        );
      });
    const progress = await page.locator('#run-log li').allTextContents();
    assert.ok(progress.length >= 2, `progress lines: ${progress.join(' | ')}`);
    assert.equal(await textOf(page.locator('#run-state')), 'Published.');
    assert.equal(await page.locator('#run-bar').getAttribute('value'), '1');
    await checkAccessibility('run');
    await shot('run');

    await page.locator('#run-digests a').first().click();
    assert.match(await textOf(page.locator('h1')), /^web-agents — \d{4}-\d{2}-\d{2}$/);
    assert.equal(await page.locator('.digest .result').count(), 2);
    assert.ok((await page.locator('.digest .tldr').count()) === 2);
    // Every pick says why, with the numbers of the blend: one rating so far (the seed).
    for (const why of await page.locator('.digest .why').allTextContents()) {
      assert.match(
        why,
        /^Why: (matches your interest|like 1707\.08567, a seed paper|matches your interest; like 1707\.08567, a seed paper) \(interest score -?\d+\.\d{3} · model log-odds -?\d+\.\d{2} · model weight 0\.20 \(1 rating\) · blended -?\d+\.\d{2}\)$/,
      );
    }
    await checkAccessibility('digest');
    await shot('digest');

    // 👍 on the first entry, 👎 on the second (in place), then saving the second counts as 👍.
    const entries = page.locator('.digest .result');
    const ids = (await page.locator('.digest .meta').allTextContents()).map(
      (m) => /arXiv:(\S+)/.exec(m)?.[1],
    );
    const digestUrl = page.url();
    await entries.nth(0).getByRole('button', { name: 'Relevant (👍)' }).click();
    await entries.nth(0).locator('.action-status.ok').waitFor();
    assert.equal(
      await entries.nth(0).getByRole('button', { name: 'Relevant (👍)' }).getAttribute('aria-pressed'),
      'true',
    );
    await entries.nth(1).getByRole('button', { name: 'Not relevant (👎)' }).click();
    await entries.nth(1).locator('.action-status.ok').waitFor();
    const rated = async () =>
      (await service.listRatings('web-agents')).map((r) => [r.arxivId, r.rating, r.source]).sort();
    assert.deepEqual(
      await rated(),
      [
        ['1707.08567', 'up', 'seed'],
        [ids[0], 'up', 'web'],
        [ids[1], 'down', 'web'],
      ].sort(),
    );
    await entries.nth(1).getByRole('button', { name: 'Save to library' }).click();
    await entries
      .nth(1)
      .locator('.action-status.ok')
      .filter({ hasText: /rated it 👍 for web-agents/ })
      .waitFor();
    assert.deepEqual(
      await rated(),
      [
        ['1707.08567', 'up', 'seed'],
        [ids[0], 'up', 'web'],
        [ids[1], 'up', 'web'],
      ].sort(),
    );
    await page.goto(digestUrl);
    assert.equal(
      await entries.nth(1).getByRole('button', { name: 'Relevant (👍)' }).getAttribute('aria-pressed'),
      'true',
    );
    assert.equal(
      await entries.nth(1).getByRole('button', { name: 'Not relevant (👎)' }).getAttribute('aria-pressed'),
      'false',
    );
    await page.getByRole('link', { name: /All digests of web-agents/ }).click();
    assert.equal(await page.locator('.digest-list li').count(), 1);

    await page.goto(`${web.url}/subscriptions`);
    await page.locator('#sub-web-agents').getByRole('button', { name: 'Pause' }).click();
    await page.locator('#sub-web-agents .badge.paused').waitFor();
    assert.equal((await service.listSubscriptions()).find((s) => s.name === 'web-agents')?.paused, true);
    page.once('dialog', (d) => void d.accept());
    await page.locator('#sub-web-agents').getByRole('button', { name: 'Delete' }).click();
    await page.locator('#sub-web-agents').waitFor({ state: 'detached' });
    assert.equal(
      (await service.listSubscriptions()).some((s) => s.name === 'web-agents'),
      false,
    );
  });

  it('search results: 👍/👎 for a chosen subscription', async () => {
    await service.subscribe({ name: 'web-rated', interest: 'software testing', categories: ['cs.SE'] });
    await service.subscribe({ name: 'web-rated-2', interest: 'deep learning', categories: ['cs.LG'] });
    await page.goto(`${web.url}/search?q=${encodeURIComponent('testing deep learning models')}`, {
      timeout: 120_000,
    });
    const first = page.locator('.result').first();
    const id = /arXiv:(\S+)/.exec(await textOf(first.locator('.meta')))?.[1];
    await first.getByLabel('Rate for').selectOption('web-rated-2');
    await first.getByRole('button', { name: 'Not relevant (👎)' }).click();
    await first
      .locator('.action-status.ok')
      .filter({ hasText: /Rated 👎/ })
      .waitFor();
    assert.deepEqual(
      (await service.listRatings('web-rated-2')).map((r) => [r.arxivId, r.rating, r.source]),
      [[id, 'down', 'web']],
    );
    assert.deepEqual(await service.listRatings('web-rated'), []);
    await checkAccessibility('search-rated');
    await service.unsubscribe('web-rated');
    await service.unsubscribe('web-rated-2');
  });

  it('chat: the scripted agent calls a tool (shown live), the answer streams in as the model writes it, then the cited paper card; the speaker reads it via the speech endpoint', async () => {
    llm.script([
      { toolCalls: [{ name: 'search_arxiv', arguments: '{"topic":"testing","max_results":10}' }] },
    ]);
    const base = llm.requests.length;
    // The answer streams in 8-character chunks 100 ms apart (about 3 s), as a model writes.
    let answerText = '';
    let answerAskedAt = 0;
    llm.respondWith((b) => {
      if (isQuery(b)) return { content: '{"search_query":"all:testing","from":null,"to":null}' };
      if (isSummary(b)) return perPaperSummary(b);
      const last = b.messages?.at(-1);
      if (b.stream && last?.role === 'tool') {
        const found = arxivIdsIn(
          (b.messages ?? [])
            .filter((m) => m.role === 'tool')
            .map((m) => m.content ?? '')
            .join('\n'),
        )[0];
        answerText = `The most relevant paper is arXiv:${found}, with loss $\\mathcal{L}(\\theta)$. It compares differential, metamorphic and mutation testing of deep learning models on one benchmark, and mutation testing finds the most faults.`;
        answerAskedAt = Date.now();
        return { content: answerText, chunkChars: 8, chunkDelayMs: 100 };
      }
      return undefined;
    });
    await page.goto(`${web.url}/chat`);
    await page.getByLabel('Your question').fill('What is new in software testing?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.chat-log .tools li').first().waitFor({ timeout: 120_000 });
    // An intermediate state: part of the answer's text is on the page, the finished answer is not.
    const partial = await page.waitForFunction(
      () => {
        const doc = (
          globalThis as unknown as {
            document: { querySelector(s: string): { textContent: string | null } | null };
          }
        ).document;
        const text = doc.querySelector('.chat-log .msg.pending .draft')?.textContent ?? '';
        return text.length > 0 && !doc.querySelector('.chat-log .msg.assistant .answer') ? text : null;
      },
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    const firstShownAt = Date.now();
    const draftText = String(await partial.jsonValue());
    assert.ok(
      answerText.startsWith(draftText),
      `the draft is the start of the answer: ${JSON.stringify(draftText)}`,
    );
    assert.ok(draftText.length < answerText.length, 'the draft is shown before the whole answer');
    await page.locator('.chat-log .msg.assistant .answer').waitFor({ timeout: 120_000 });
    const answerShownAt = Date.now();
    assert.equal(await page.locator('.chat-log .draft').count(), 0, 'the finished answer replaced the draft');
    measurements.chatStreaming = {
      firstTextMs: firstShownAt - answerAskedAt,
      answerMs: answerShownAt - answerAskedAt,
      streamMs: Math.ceil(answerText.length / 8) * 100,
      firstTextChars: draftText.length,
      answerChars: answerText.length,
    };
    console.log(
      `chat streaming: first text ${firstShownAt - answerAskedAt} ms after the model was asked (${draftText.length} of ${answerText.length} chars), whole answer at ${answerShownAt - answerAskedAt} ms`,
    );
    assert.match(await textOf(page.locator('.chat-log .tools').first()), /searching arXiv: testing/);
    const card = page.locator('.cards .card').first();
    assert.match(await textOf(card), /arXiv:\d{4}\.\d{4,5}/);
    assert.ok((await textOf(card.locator('a').first())).length > 10, 'the card shows the stored title');
    assert.equal(await page.locator('.answer .katex').count(), 1, 'math in the answer is typeset');
    assert.ok(
      llm.requests.slice(base).some((r) => r.body.stream === true),
      'the agent ran on the fake LLM',
    );
    await checkAccessibility('chat');
    await shot('chat');

    const speak = page.getByRole('button', { name: /Read aloud/ }).first();
    await speak.click();
    // Function predicates (a string one is eval'd in the page, which its CSP may refuse).
    await page.waitForFunction(() =>
      Boolean((globalThis as unknown as { __lastSpeech?: unknown }).__lastSpeech),
    );
    const speech = audio.requests.filter((r) => r.path === '/v1/audio/speech');
    assert.equal(speech.length, 1);
    assert.equal(speech[0]!.json?.model, 'tts-test');
    assert.match(speech[0]!.json?.input ?? '', /^The most relevant paper is arXiv:/);
    assert.equal(speech[0]!.authorization, 'Bearer audio-key-for-tests');
    assert.deepEqual(await page.evaluate('window.__lastSpeech'), {
      type: 'audio/wav',
      size: sineWav(0.6, 523).length,
    });
  });

  it('a run page outlives the web app: after a restart /runs/<workflow id> is read from Temporal (issue 28)', async () => {
    await service.subscribe({
      name: 'restart-run',
      query: 'all:testing',
      interest: 'testing deep learning models',
    });
    try {
      let workflowId = '';
      const r = await service.runDigest('restart-run', undefined, {
        onStart: (w) => (workflowId = w.workflowId),
      });
      // A second web app over the same service: nothing of the run in its memory.
      const again = await startWebServer({
        service,
        agent,
        config: t.config,
        logger: silentLogger,
        temporalUiUrl: 'http://127.0.0.1:8233',
        addr: '127.0.0.1:0',
      });
      try {
        await page.goto(`${again.url}/runs/${workflowId}`);
        const state = await textOf(page.locator('#run-state'));
        assert.equal(
          state.trim(),
          r.status === 'published' ? 'Published.' : `Nothing new: ${r.reason}`.trim(),
        );
        assert.match(
          await textOf(page.locator('#run-log')),
          /started before the web app restarted: its state comes from Temporal/,
        );
        assert.match(await textOf(page.locator('#run-temporal')), new RegExp(workflowId));
        if (r.status === 'published')
          assert.equal(await page.locator('#run-digests a').count(), r.digests.length);
        const missing = await page.request.get(`${again.url}/runs/digest-nope-manual-x`);
        assert.equal(missing.status(), 404);
      } finally {
        await again.stop();
      }
    } finally {
      await service.unsubscribe('restart-run');
    }
  });

  it('chat consent: a compromised model’s "confirmed": true in the next turn applies nothing; only the user’s Confirm button does, and an expired proposal is refused', async () => {
    llm.respondWith((b) =>
      isQuery(b)
        ? { content: '{"search_query":"all:testing","from":null,"to":null}' }
        : compromisedModel()(b),
    );
    try {
      await page.goto(`${web.url}/chat`);
      const boxes = page.locator('.chat-log .proposal');
      const before = await boxes.count();
      await page.getByLabel('Your question').fill('What is new on Bethe lattices?');
      await page.getByRole('button', { name: 'Send' }).click();
      await boxes.nth(before).waitFor({ timeout: 120_000 });
      assert.match(
        await textOf(boxes.nth(before)),
        /Proposed: Create the subscription "injected"\s*query: "all:attacker"/,
      );
      const firstId = await boxes.nth(before).locator('input[name="id"]').getAttribute('value');
      // Turn 2: an unrelated question; the model "confirms" its own proposal.
      await page.getByLabel('Your question').fill('Which categories does the library have?');
      await page.getByRole('button', { name: 'Send' }).click();
      await boxes.nth(before + 1).waitFor({ timeout: 120_000 });
      assert.equal(
        await service.store.getSubscription(INJECTED_SUBSCRIPTION.name),
        null,
        'the model’s confirmation applied nothing',
      );
      // The first proposal expired at the end of turn 2: its Confirm is refused.
      const token = await page.evaluate<string>(
        `document.querySelector('meta[name="csrf-token"]').getAttribute('content')`,
      );
      const expired = await page.request.post(`${web.url}/chat/proposal`, {
        form: { _csrf: token, id: firstId ?? '', decision: 'confirm' },
        headers: { origin: web.url },
      });
      assert.equal(expired.status(), 404);
      assert.match(await expired.text(), /No pending proposal/);
      assert.equal(await service.store.getSubscription(INJECTED_SUBSCRIPTION.name), null);
      // The user's own Confirm on the live proposal applies it.
      await boxes
        .nth(before + 1)
        .getByRole('button', { name: 'Confirm' })
        .click();
      await page
        .locator('.chat-log .proposal')
        .nth(before + 1)
        .getByText('Applied.')
        .waitFor();
      assert.equal((await service.store.getSubscription(INJECTED_SUBSCRIPTION.name))?.query, 'all:attacker');
    } finally {
      llm.respondWith((b) => {
        if (isQuery(b)) return { content: '{"search_query":"all:testing","from":null,"to":null}' };
        if (isSummary(b))
          return {
            content: JSON.stringify({
              tldr: 'A summary of at least twenty characters for the test.',
              keyPoints: ['one point here', 'two points here', 'three points here'],
            }),
          };
        return undefined;
      });
      await service.unsubscribe(INJECTED_SUBSCRIPTION.name).catch(() => false);
    }
  });

  it('voice in: the fake microphone is recorded, transcribed by the endpoint, and the text lands in the chat box', async () => {
    await page.goto(`${web.url}/chat`);
    const mic = page.getByRole('button', { name: /Record question/ });
    await mic.click();
    await page.getByRole('button', { name: /Stop recording/ }).waitFor();
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: /Stop recording/ }).click();
    await page.waitForFunction(
      () =>
        ((
          globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }
        ).document.querySelector('#question')?.value ?? '') !== '',
    );
    assert.equal(await page.getByLabel('Your question').inputValue(), 'what is new in software testing');
    assert.match(await textOf(page.locator('#voice-status')), /Check the text/);
    const sent = audio.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.fields?.model, 'whisper-test');
    assert.match(sent[0]!.file?.type ?? '', /^audio\/webm/);
    assert.ok((sent[0]!.file?.bytes ?? 0) > 1000, `${sent[0]!.file?.bytes} bytes recorded`);
  });

  it('state changes without the CSRF token (or from another origin) are refused; voice is rate-limited', async () => {
    await page.goto(`${web.url}/subscriptions`);
    const token = await page.evaluate<string>(
      `document.querySelector('meta[name="csrf-token"]').getAttribute('content')`,
    );
    const form = { name: 'csrf-victim', interest: 'should never be created', categories: 'cs.AI' };
    const none = await page.request.post(`${web.url}/subscriptions`, { form });
    assert.equal(none.status(), 403);
    const wrong = await page.request.post(`${web.url}/subscriptions`, {
      form: { ...form, _csrf: 'x'.repeat(43) },
    });
    assert.equal(wrong.status(), 403);
    const foreign = await page.request.post(`${web.url}/subscriptions`, {
      form: { ...form, _csrf: token },
      headers: { origin: 'http://evil.example' },
    });
    assert.equal(foreign.status(), 403);
    const chat = await page.request.post(`${web.url}/chat/stream`, {
      data: { question: 'subscribe me to everything' },
    });
    assert.equal(chat.status(), 403);
    assert.equal(
      (await service.listSubscriptions()).some((s) => s.name === 'csrf-victim'),
      false,
    );
    // A foreign Host (DNS rebinding) is refused before anything else.
    const rebound = await page.request.get(`${web.url}/library`, { headers: { host: 'evil.example:80' } });
    assert.equal(rebound.status(), 403);
    // The same request with the token goes through.
    const ok = await page.request.post(`${web.url}/subscriptions`, {
      form: { ...form, name: 'csrf-ok', _csrf: token },
      headers: { accept: 'application/json' },
    });
    assert.equal(ok.status(), 200, await ok.text());
    assert.equal(await service.unsubscribe('csrf-ok'), true);
    // Voice allows 4 requests here (two used above): the next ones get 429 with a wait.
    const statuses: number[] = [];
    let refusal = '';
    for (let i = 0; i < 5; i++) {
      const r = await page.request.post(`${web.url}/audio/transcribe`, {
        data: Buffer.alloc(0),
        headers: { 'content-type': 'audio/webm', 'x-csrf-token': token },
      });
      statuses.push(r.status());
      if (r.status() === 429) refusal = ((await r.json()) as { error: string }).error;
    }
    const firstRefused = statuses.indexOf(429);
    assert.ok(firstRefused > 0 && firstRefused <= 3, statuses.join(','));
    assert.ok(
      statuses.slice(0, firstRefused).every((s) => s === 400) &&
        statuses.slice(firstRefused).every((s) => s === 429),
      statuses.join(','),
    );
    assert.match(refusal, /^Too many audio requests: try again in \d+ s\.$/);
  });

  it('keyboard and phone: the skip link comes first, and no page scrolls sideways at 390 px', async () => {
    await page.goto(`${web.url}/search`);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content');
    const phone = await newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const p = await phone.newPage();
    for (const [name, url] of [
      ['search-phone', `/search?q=testing&query=${encodeURIComponent('all:testing')}`],
      ['paper-phone', `/paper/${MATH_ID}`],
      ['library-phone', '/library'],
      ['subscriptions-phone', '/subscriptions'],
      ['chat-phone', '/chat'],
    ] as const) {
      await p.goto(`${web.url}${url}`, { timeout: 120_000 });
      const overflow = await p.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(overflow <= 1, `${name} scrolls sideways by ${overflow} px`);
      if (DOCS && (name === 'search-phone' || name === 'chat-phone' || name === 'paper-phone'))
        await p.screenshot({ path: path.join(DOCS, `${name}.png`) });
      if (process.env.WEB_SHOTS)
        await p.screenshot({ path: path.join(process.env.WEB_SHOTS, `${name}.png`) });
      const box = async (selector: string) => {
        const b = await p.locator(selector).first().boundingBox();
        assert.ok(b, `${selector} is shown on ${name}`);
        return b;
      };
      if (name === 'search-phone') {
        // The question box has its own line; "Results" stays with its select and the button below it.
        const [input, label, select, button] = [
          await box('#q'),
          await box('label[for="max"]'),
          await box('#max'),
          await box('#search-form button[type="submit"]'),
        ];
        assert.ok(
          label.y >= input.y + input.height,
          `"Results" is below the box (label y ${label.y}, box bottom ${input.y + input.height})`,
        );
        assert.ok(
          Math.abs(label.y + label.height / 2 - (select.y + select.height / 2)) < 4,
          '"Results" is beside its select',
        );
        assert.ok(Math.abs(button.y - select.y) < select.height, 'the button is on the same line');
      }
      if (name === 'chat-phone') {
        const [send, reset] = [await box('#send'), await box('button.reset')];
        assert.ok(
          Math.abs(send.y - reset.y) < 2,
          `Send and New conversation share a row (y ${send.y} and ${reset.y})`,
        );
        assert.ok(reset.x > send.x + send.width, 'New conversation after Send');
      }
    }
    await phone.close();
  });

  it('the icon: /favicon.ico and the linked SVG are served as images (no 404 in a fresh browser)', async () => {
    const ico = await page.request.get(`${web.url}/favicon.ico`);
    assert.equal(ico.status(), 200);
    assert.equal(ico.headers()['content-type'], 'image/x-icon');
    const bytes = await ico.body();
    assert.deepEqual([...bytes.subarray(0, 4)], [0, 0, 1, 0], 'an ICO header');
    assert.ok(bytes.readUInt16LE(4) >= 2, 'several sizes');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    assert.match(href ?? '', /^\/assets\/favicon\.svg\?v=/);
    const svg = await page.request.get(`${web.url}${href}`);
    assert.equal(svg.headers()['content-type'], 'image/svg+xml');
    assert.match(await svg.text(), /^<svg /);
  });

  it('measures page loads (first and warm) and the bytes of JS and CSS shipped', async () => {
    const pages = {
      search: '/search',
      paper: `/paper/${MATH_ID}`,
      library: '/library',
      subscriptions: '/subscriptions',
      chat: '/chat',
    };
    for (const [name, url] of Object.entries(pages)) {
      const fresh = await newContext();
      const p = await fresh.newPage();
      const load = async () => {
        await p.goto(`${web.url}${url}`, { waitUntil: 'load', timeout: 120_000 });
        return p.evaluate<Record<string, number>>(`(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const res = performance.getEntriesByType('resource');
          const sum = (f) => res.filter(f).reduce((n, r) => n + r.transferSize, 0);
          const decoded = (f) => res.filter(f).reduce((n, r) => n + r.decodedBodySize, 0);
          return {
            ttfbMs: Math.round(nav.responseStart - nav.startTime),
            domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd - nav.startTime),
            loadMs: Math.round(nav.loadEventEnd - nav.startTime),
            htmlBytes: nav.decodedBodySize,
            jsBytes: decoded((r) => r.name.includes('.js')),
            cssBytes: decoded((r) => r.name.includes('.css')),
            fontBytes: decoded((r) => /\\.(woff2?|ttf)/.test(r.name)),
            transferredBytes: nav.transferSize + sum(() => true),
          };
        })()`);
      };
      const first = await load();
      const warm = await load();
      measurements[name] = { first, warm };
      assert.ok(first.jsBytes! > 0 && first.jsBytes! < 30_000, `${name}: ${first.jsBytes} bytes of JS`);
      await fresh.close();
    }
    console.log(JSON.stringify(measurements));
  });
});
