import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { answerQuestion, type ChunkRow } from '../../../app/capabilities/ask-library.ts';
import { convertHtml } from '../../../adapters/convert/html.ts';
import { convertPdf } from '../../../adapters/convert/pdf.ts';
import { createLlmClient } from '../../../adapters/llm/client.ts';
import { bm25Rank, createBm25Reranker, tokenize } from '../../../adapters/rank/bm25.ts';
import { loadCrossEncoder } from '../../../adapters/rank/cross-encoder.ts';
import { splitSections } from '../../../adapters/summarize/text.ts';
import { startFakeLlm, type FakeLlm } from '../../fakes/llm-server.ts';
import { MODELS_DIR, corpus } from '../../support/corpus.ts';

/**
 * A small library of real full text: the sections of the two corpus papers the repository may
 * redistribute, as chunks (1503.07589v1, CC BY 3.0, from its PDF; 1707.08043, CC BY 4.0, from
 * Engrafo's LaTeXML HTML). Filled in before(): the PDF conversion is async.
 */
const CHUNKS: ChunkRow[] = [];
async function loadLibrary(): Promise<void> {
  const papers = [
    {
      id: '1503.07589',
      title:
        'Combined Measurement of the Higgs Boson Mass in pp Collisions at √s = 7 and 8 TeV with the ATLAS and CMS Experiments',
      markdown: (await convertPdf(new Uint8Array(readFileSync(corpus('pdf', '1503.07589v1.pdf'))))).markdown,
    },
    {
      id: '1707.08043',
      title:
        'On Positive-Characteristic Semi-Parametric Local Uniform Reductions of Varieties over Finitely Generated Q-Algebras',
      markdown: convertHtml(readFileSync(corpus('html', 'engrafo_1707.08043.html'), 'utf8')).markdown,
    },
  ];
  CHUNKS.push(
    ...papers.flatMap((p) =>
      splitSections(p.markdown)
        .filter((s) => s.text.trim().length > 200 && !/references|collaboration/i.test(s.title))
        .map((s) => ({
          arxivId: p.id,
          version: 1,
          title: p.title,
          sectionPath: s.title ? [s.title] : [],
          text: s.text.trim(),
          score: 0,
        })),
    ),
  );
}

/** Stand-in for the store's FTS search with the same contract: every word must occur (implicit AND). */
const searchCalls: string[] = [];
async function searchChunks(query: string, limit: number): Promise<ChunkRow[]> {
  searchCalls.push(query);
  const words = tokenize(query);
  const hits = CHUNKS.filter((c) => {
    const have = new Set(tokenize(c.text));
    return words.length > 0 && words.every((w) => have.has(w));
  });
  const ranked = bm25Rank(
    query,
    hits.map((c, i) => ({ id: String(i), text: c.text })),
  );
  return ranked.slice(0, limit).map((r) => ({ ...hits[Number(r.id)]!, score: r.score }));
}

const QUESTION = 'How precisely is the mass of the Higgs boson measured?';

describe('answerQuestion', () => {
  let fake: FakeLlm;
  before(async () => {
    fake = await startFakeLlm();
    await loadLibrary();
  });
  after(() => fake.close());
  const llm = () => createLlmClient({ baseUrl: fake.url, model: 'fake', timeoutMs: 400, maxTokens: 300 });

  it('without an LLM quotes the best passages with [id §section] citations', async () => {
    assert.ok(CHUNKS.length > 5);
    const r = await answerQuestion({
      question: QUESTION,
      searchChunks,
      reranker: createBm25Reranker(),
      limit: 3,
    });
    assert.equal(r.usedLlm, false);
    assert.ok(r.passages.length >= 1 && r.passages.length <= 3);
    assert.ok(r.passages.every((p) => p.arxivId === '1503.07589'));
    for (const c of r.citations) assert.ok(r.answer.includes(`[${c.arxivId} §${c.section}]`));
    assert.match(r.answer, /^No LLM is configured/);
    assert.match(r.answer, /\[1503\.07589 §/);
  });

  it('reranks with the cross-encoder when given one (tiny offline model)', async () => {
    const reranker = await loadCrossEncoder({
      model: 'opensearch-project__TinyXLMRoberta-CE-onnx',
      modelsDir: MODELS_DIR,
      dtype: 'fp32',
      allowRemote: false,
    });
    const r = await answerQuestion({ question: QUESTION, searchChunks, reranker, limit: 2 });
    assert.equal(r.passages.length, 2);
    assert.ok(r.passages[0]!.score >= r.passages[1]!.score);
  });

  it('says plainly when the library has nothing relevant', async () => {
    const r = await answerQuestion({
      question: 'protein folding with reinforcement learning',
      searchChunks,
      reranker: createBm25Reranker(),
      llm: llm(),
    });
    assert.deepEqual(r.citations, []);
    assert.deepEqual(r.passages, []);
    assert.match(r.answer, /^Nothing in your library is relevant/);
  });

  it('with an LLM returns its answer and the citations it used, sending labelled passages', async () => {
    const first = await answerQuestion({
      question: QUESTION,
      searchChunks,
      reranker: createBm25Reranker(),
      limit: 2,
    });
    const cite = first.passages[0]!.cite;
    fake.script([
      { content: `The combined mass is 125.09 GeV with a total uncertainty of 0.24 GeV ${cite}.` },
    ]);
    const r = await answerQuestion({
      question: QUESTION,
      searchChunks,
      reranker: createBm25Reranker(),
      llm: llm(),
      limit: 2,
    });
    assert.equal(r.usedLlm, true);
    assert.deepEqual(r.citations, [
      { arxivId: first.passages[0]!.arxivId, section: first.passages[0]!.section },
    ]);
    const prompt = fake.requests.at(-1)!.body.messages!.at(-1)!.content ?? '';
    assert.ok(prompt.includes(cite));
    assert.ok(prompt.includes(QUESTION));
  });

  it('falls back to quotes when the LLM cites nothing, invents a citation, or fails', async () => {
    fake.script([
      { content: 'The Higgs boson is heavy.' },
      { content: 'They help [9999.99999 §Made Up].' },
      { status: 429 },
      { hang: true },
    ]);
    for (let i = 0; i < 4; i++) {
      const r = await answerQuestion({
        question: QUESTION,
        searchChunks,
        reranker: createBm25Reranker(),
        llm: llm(),
        limit: 2,
      });
      assert.equal(r.usedLlm, false);
      assert.match(r.answer, /^The LLM could not answer, so here are the most relevant passages/);
      assert.ok(r.citations.length > 0);
    }
  });

  it('reports NOT_IN_LIBRARY from the LLM as nothing relevant', async () => {
    fake.script([{ content: 'NOT_IN_LIBRARY' }]);
    const r = await answerQuestion({
      question: QUESTION,
      searchChunks,
      reranker: createBm25Reranker(),
      llm: llm(),
    });
    assert.equal(r.usedLlm, true);
    assert.deepEqual(r.citations, []);
    assert.match(r.answer, /Nothing in your library/);
  });

  it('relaxes to single-word searches when the full question matches nothing', async () => {
    searchCalls.length = 0;
    const r = await answerQuestion({
      question: 'ultraproducts of polynomial rings in positive characteristic',
      searchChunks,
      reranker: createBm25Reranker(),
    });
    assert.ok(searchCalls.length > 1);
    assert.ok(r.passages.length > 0);
    assert.ok(r.passages.every((p) => p.arxivId === '1707.08043'));
  });
});
