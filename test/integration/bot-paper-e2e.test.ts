/**
 * `/arxiv paper` and `/arxiv list` end to end: a signed interaction on loopback → the real
 * RadarService → Temporal (dev server) → the fake arXiv fed with the shared corpus → the deferred
 * reply edited at the Discord webhook with the paper's embed and its Markdown attached.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createBot } from '../../bot/bot.ts';
import { createDiscordRest } from '../../lib/discord/rest.ts';
import { createInteractionsServer, type InteractionsServer } from '../../bot/http/interactions-server.ts';
import { silentLogger } from '../../lib/logger.ts';
import { openRadarService, type RadarServiceHandle } from '../../workers/compose.ts';
import { startFakeArxiv, type FakeArxiv } from '../fakes/arxiv-server.ts';
import { standInPdf } from '../support/corpus.ts';
import { startMultipartRecorder } from '../support/discord-multipart-recorder.ts';
import { startTestRuntime, type TestRuntime } from '../support/runtime.ts';
import { APP_ID, slashCommand } from '../support/discord-interaction.ts';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');

async function postSigned(url: string, payload: unknown): Promise<{ status: number; json: unknown }> {
  const body = JSON.stringify(payload);
  const ts = String(Math.floor(Date.now() / 1000));
  const headers = {
    'content-type': 'application/json',
    'x-signature-ed25519': sign(null, Buffer.from(ts + body), privateKey).toString('hex'),
    'x-signature-timestamp': ts,
  };
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, json: await res.json() };
}

const command = slashCommand;

describe('/arxiv paper end to end (fake arXiv, Temporal, fake Discord webhook)', () => {
  let arxiv: FakeArxiv;
  let t: TestRuntime;
  let service: RadarServiceHandle;
  let recorder: Awaited<ReturnType<typeof startMultipartRecorder>>;
  let endpoint: InteractionsServer;
  let url: string;

  before(async () => {
    // 1111.2011's PDF is a stand-in: the CC BY PDF of 1503.07589v1 (test/support/corpus.ts).
    arxiv = await startFakeArxiv({ documents: standInPdf() });
    recorder = await startMultipartRecorder();
    t = await startTestRuntime({
      ARXIV_API_URL: arxiv.apiUrl,
      ARXIV_RSS_URL: arxiv.rssUrl,
      ARXIV_WEB_URL: arxiv.webUrl,
      ARXIV_OAI_URL: arxiv.oaiUrl,
      ARXIV_MIN_INTERVAL_MS: '50',
    });
    service = openRadarService(t.config, silentLogger, { client: t.client });
    const bot = createBot({ service, logger: silentLogger });
    endpoint = createInteractionsServer({
      bot,
      rest: createDiscordRest({ apiUrl: recorder.url }),
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex'),
      logger: silentLogger,
    });
    url = await endpoint.listen('127.0.0.1', 0);
  });
  after(async () => {
    await endpoint?.close();
    await service?.close();
    await t?.stop();
    await Promise.all([arxiv?.close(), recorder?.close()]);
  });

  it('/arxiv search posts the results from one arXiv request, then edits in the full-text TL;DRs of the top 3', async () => {
    const fullText = (q: { path: string }) => /^\/(pdf|html)\//.test(q.path);
    const mark = arxiv.requests.length;
    arxiv.holdFullTexts();
    const query = 'au:del_maestro AND ti:"quantum criticality"';
    const r = await postSigned(url, command('search-e2e', 'search', [{ name: 'question', value: query }]));
    assert.deepEqual(r, { status: 200, json: { type: 5, data: {} } });
    type Field = { name: string; value: string };
    const replies = () =>
      recorder.edits
        .filter((e) => e.path === `/webhooks/${APP_ID}/search-e2e/messages/@original`)
        .map((e) => (e.payload.embeds as Array<{ fields?: Field[] }> | undefined)?.[0]?.fields ?? [])
        .filter((f) => f.length > 0);
    for (const deadline = Date.now() + 120_000; replies().length === 0;) {
      assert.ok(Date.now() < deadline, 'the results were posted');
      await new Promise((res) => setTimeout(res, 50));
    }
    // Posted while every full-text response is still held: one query request, TL;DRs from the abstracts.
    const first = replies()[0]!;
    const sent = arxiv.requests.slice(mark);
    assert.deepEqual(
      sent.filter((q) => q.path === '/api/query').map((q) => q.query.search_query),
      [query],
      'sent as written, one request',
    );
    assert.ok(
      sent.filter(fullText).every((q) => q.endedAt === undefined),
      'no full text answered before the reply',
    );
    assert.equal(first.length, 2, "arXiv's recorded answer has two papers");
    assert.ok(
      first.every((f) => /from the abstract; full text on its way/.test(f.value)),
      JSON.stringify(first),
    );
    arxiv.release();
    await endpoint.idle();
    const last = replies().at(-1)!;
    const bethe = last.find((f) => /Bethe Lattice/.test(f.name));
    assert.ok(
      bethe && !/from the abstract/.test(bethe.value),
      `1111.2011's TL;DR now comes from its full text (PDF): ${bethe?.value}`,
    );
    assert.ok(last.every((f) => !/on its way/.test(f.value)));
    const all = arxiv.requests.slice(mark);
    assert.equal(all.filter((q) => q.path === '/api/query').length, 1, 'still one query request');
    assert.ok(all.filter(fullText).length <= 4, 'HTML then PDF for each of the two, at most');
  });

  it('defers, fetches and converts the paper, then edits the original with the embed and the Markdown file', async () => {
    const r = await postSigned(
      url,
      command('paper-e2e', 'paper', [{ name: 'ref', value: 'https://arxiv.org/abs/1111.2011v2' }]),
    );
    assert.deepEqual(r, { status: 200, json: { type: 5, data: {} } });
    await endpoint.idle();
    const final = recorder.edits
      .filter((e) => e.path === `/webhooks/${APP_ID}/paper-e2e/messages/@original`)
      .at(-1);
    assert.equal(final?.method, 'PATCH');
    const embed = (
      final?.payload.embeds as Array<{ title: string; url: string; footer: { text: string } }> | undefined
    )?.[0];
    assert.match(
      embed?.title ?? JSON.stringify(final?.payload),
      /^Quantum Criticality for Extended Nodes on a Bethe Lattice/,
    );
    assert.match(embed?.footer.text ?? '', /arXiv:1111\.2011v2 · full text from PDF/);
    assert.equal(final?.files[0]?.name, '1111.2011v2.md');
    assert.match(final?.files[0]?.text ?? '', /^# Quantum Criticality[\s\S]*## Abstract/);
    assert.ok((final?.files[0]?.text.length ?? 0) > 5000, 'the full text is attached, not just the abstract');
    assert.ok(
      arxiv.requests.some((q) => q.path.includes('1111.2011')),
      'the fake arXiv was asked for the paper',
    );
  });

  it('/arxiv list then shows the stored paper', async () => {
    const r = await postSigned(url, command('list-e2e', 'list', [{ name: 'query', value: 'Bethe lattice' }]));
    assert.deepEqual(r, { status: 200, json: { type: 5, data: {} } });
    await endpoint.idle();
    const final = recorder.edits
      .filter((e) => e.path === `/webhooks/${APP_ID}/list-e2e/messages/@original`)
      .at(-1);
    const embed = (
      final?.payload.embeds as
        Array<{ title: string; fields: Array<{ name: string; value: string }> }> | undefined
    )?.[0];
    assert.match(embed?.title ?? JSON.stringify(final?.payload), /^Library: 1 paper$/);
    assert.match(embed?.fields[0]?.value ?? '', /arXiv:1111\.2011/);
  });
});
