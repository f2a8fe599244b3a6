/**
 * `arxiv-radar import` then `list` / `topics` over every recorded Atom feed of the corpus. The
 * expected ids and counts were worked out from the feeds themselves (published timestamps,
 * <category> terms, <author><name>s, title and summary words), not by running the store.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { Command } from 'commander';
import type { ListResult } from '../../domain/library.ts';
import { register as registerList } from '../../cli/commands/list.ts';
import { register as registerTopics } from '../../cli/commands/topics.ts';
import { provideOperations } from '../../cli/host.ts';
import { corpus } from '../support/corpus.ts';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../bin/arxiv-radar');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-list-'));
// The in-process commands read the same settings through loadConfig().
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = 'silent';
const env = { ...process.env };
const atom = (name: string) => corpus('atom', name);
const feeds = readdirSync(corpus('atom')).filter((f) => f.endsWith('.xml') && !f.startsWith('error'));

/** Runs the real CLI in a child process. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

// The in-process commands reach the service the way bin/arxiv-radar's entry point (workers/main.ts) provides it.
provideOperations(async () => (await import('../../workers/operations.ts')).operations);

/** Runs one command in this process (fast), capturing what it prints to stdout. */
async function inProcess(register: (p: Command) => void, args: string[]): Promise<string> {
  const program = new Command('arxiv-radar').option('-v, --verbose', '', false).exitOverride();
  register(program);
  const write = process.stdout.write.bind(process.stdout);
  let out = '';
  // The commands write strings; Buffers are the test runner's own reports to its parent, passed on.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk !== 'string')
      return (write as (c: Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    out += chunk;
    return true;
  }) as typeof process.stdout.write;
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    process.stdout.write = write;
  }
  return out;
}

const list = async (...args: string[]): Promise<ListResult> =>
  JSON.parse(await inProcess(registerList, ['list', '--json', ...args])) as ListResult;
const ids = (r: ListResult) => r.papers.map((p) => p.arxiv_id);

const NEWEST_20 = [
  '2604.03438',
  '2602.19294',
  '2602.15552',
  '2511.02810',
  '2509.24242',
  '2509.05540',
  '2507.16734',
  '2507.10541',
  '2505.05162',
  '2504.04921',
  '2503.23466',
  '2503.05378',
  '2502.09460',
  '2502.07719',
  '2501.17461',
  '2501.11550',
  '2501.09657',
  '2501.07954',
  '2501.05022',
  '2412.18843',
];
const OLDEST_3 = ['cond-mat/0412498', 'hep-ph/0301050', 'gr-qc/0103067'];
const DEL_MAESTRO = [
  '1412.6529',
  '1312.6177',
  '1303.6954',
  '1201.4869',
  '1111.2011',
  '1101.2206',
  '1005.5383',
  '0807.2873',
  'cond-mat/0702661',
  'cond-mat/0607501',
  'cond-mat/0603029',
  'cond-mat/0412498',
];
const CS_IT_OR_MATH_ST = [
  '2509.24242',
  '2507.16734',
  '2505.05162',
  '2409.05654',
  '2403.16981',
  '2304.14166',
  '2106.13414',
  '2008.01944',
  '2007.09895',
  '1707.08567',
  '1706.08286',
  '1706.00679',
  '1704.08347',
  '1609.07528',
  '1605.08386',
  '1106.3680',
  '1009.3186',
];
const YEAR_2024 = [
  '2412.18843',
  '2412.16620',
  '2409.05654',
  '2408.07846',
  '2407.18756',
  '2406.19956',
  '2405.13786',
  '2405.11454',
  '2403.16981',
  '2401.15189',
];
const CS_SE_2025 = [
  '2511.02810',
  '2509.05540',
  '2504.04921',
  '2503.23466',
  '2503.05378',
  '2502.09460',
  '2502.07719',
  '2501.17461',
  '2501.11550',
  '2501.09657',
  '2501.07954',
];

describe('list over the imported corpus', () => {
  before(async () => {
    const all = await cli('import', ...feeds.map(atom));
    assert.equal(all.code, 0, all.stderr);
    const topic = await cli(
      'import',
      atom('search_au-del_maestro_AND_ti-quantum_criticality.xml'),
      '--topic',
      'quantum criticality',
    );
    assert.equal(topic.code, 0, topic.stderr);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists all 116 distinct papers, newest first, 20 per page by default', async () => {
    const r = await list();
    assert.equal(r.total_count, 116);
    assert.equal(r.returned, 20);
    assert.deepEqual(ids(r), NEWEST_20);
    const last = await list('--limit', '5', '--offset', '113');
    assert.deepEqual([last.total_count, last.returned, ids(last)], [116, 3, OLDEST_3]);
    const past = await list('--offset', '200');
    assert.deepEqual([past.total_count, past.returned], [116, 0]);
  });

  it('filters by author (case-insensitive, any position in the author list)', async () => {
    assert.deepEqual(ids(await list('--author', 'Del Maestro', '--limit', '50')), DEL_MAESTRO);
    assert.deepEqual(ids(await list('--author', 'del maestro', '--limit', '50')), DEL_MAESTRO);
    assert.deepEqual(ids(await list('--author', 'Michael Huber', '--from', '2013-01-01')), ['1306.4664']);
  });

  it('filters by categories (any overlap), dates, and both', async () => {
    const se = await list('--category', 'cs.SE', '--limit', '50');
    assert.equal(se.total_count, 69);
    const se2 = await list('--category', 'cs.SE', '--limit', '50', '--offset', '50');
    assert.equal(se2.returned, 19);
    assert.equal(new Set([...ids(se), ...ids(se2)]).size, 69);
    assert.deepEqual(
      ids(await list('--category', 'cs.IT', '--category', 'math.ST', '--limit', '50')),
      CS_IT_OR_MATH_ST,
    );
    assert.deepEqual(ids(await list('--category', 'cs.IT,math.ST', '--limit', '50')), CS_IT_OR_MATH_ST);
    assert.deepEqual(ids(await list('--from', '2024-01-01', '--to', '2024-12-31')), YEAR_2024);
    assert.deepEqual(ids(await list('--to', '2005-12-31')), ['cs/0503050', ...OLDEST_3]);
    assert.deepEqual(
      ids(await list('--category', 'cs.SE', '--from', '2025-01-01', '--to', '2025-12-31')),
      CS_SE_2025,
    );
    assert.deepEqual(ids(await list('--author', 'sachdev', '--category', 'cond-mat.supr-con')), [
      '0807.2873',
      'cond-mat/0603029',
    ]);
  });

  it('searches title and abstract, alone and with other filters', async () => {
    const sorted = (r: ListResult) => ids(r).sort();
    const ht = await list('--query', 'hypothesis testing');
    assert.equal(ht.total_count, 10);
    assert.deepEqual(sorted(ht), [
      '1609.07528',
      '1704.08347',
      '1706.08286',
      '2304.14166',
      '2401.15189',
      '2403.16981',
      '2406.19956',
      '2409.05654',
      '2507.16734',
      '2509.24242',
    ]);
    assert.deepEqual(
      sorted(
        await list('--query', 'testing', '--category', 'cs.IT', '--from', '2017-01-01', '--to', '2021-12-31'),
      ),
      ['1704.08347', '1706.00679', '1706.08286', '2008.01944', '2106.13414'],
    );
    assert.deepEqual(sorted(await list('--query', 'Luttinger', '--author', 'Del Maestro')), [
      '1005.5383',
      '1101.2206',
      '1201.4869',
      '1303.6954',
      '1412.6529',
    ]);
    assert.deepEqual(
      sorted(await list('--query', 'metamorphic', '--from', '2019-01-01', '--to', '2019-12-31')),
      ['1904.08007', '1907.06632'],
    );
    assert.deepEqual(
      sorted(
        await list(
          '--query',
          'quantum',
          '--author',
          'del maestro',
          '--category',
          'cond-mat.str-el',
          '--from',
          '2006-01-01',
          '--to',
          '2011-12-31',
          '--topic',
          'quantum criticality',
        ),
      ),
      ['1111.2011', 'cond-mat/0607501'],
    );
  });

  it('filters by topic and lists topics with counts and as Markdown', async () => {
    assert.deepEqual(ids(await list('--topic', 'quantum criticality')), ['1111.2011', 'cond-mat/0607501']);
    assert.deepEqual(ids(await list('--topic', 'quantum criticality', '--author', 'Melko')), [
      'cond-mat/0607501',
    ]);
    assert.deepEqual(JSON.parse(await inProcess(registerTopics, ['topics', '--json'])), [
      { name: 'quantum criticality', count: 2 },
    ]);
    const md = await inProcess(registerTopics, ['topics', 'quantum criticality']);
    assert.match(md, /^# quantum criticality\n\n2 papers\./);
    assert.match(md, /Quantum Criticality for Extended Nodes on a Bethe Lattice/);
  });

  it('rejects bad filters with exit code 2 and a message naming the filter', async () => {
    const date = await cli('list', '--from', '2024-13-01');
    assert.equal(date.code, 2);
    assert.match(date.stderr, /start_date "2024-13-01" is not a date; use YYYY-MM-DD/);
    const limit = await cli('list', '--limit', '51');
    assert.equal(limit.code, 2);
    assert.match(limit.stderr, /limit must be a whole number from 1 to 50/);
  });

  it('a failed import (an error feed among the files) stores nothing and loses nothing', async () => {
    const before = await list('--limit', '50');
    const r = await cli(
      'import',
      atom('id_list_1605.08386.xml'),
      atom('error_id_list_abc_http400.xml'),
      '--topic',
      'broken',
    );
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /error_id_list_abc_http400\.xml: .*incorrect id format for abc; nothing was imported/,
    );
    assert.deepEqual(await list('--limit', '50'), before);
    assert.deepEqual(JSON.parse(await inProcess(registerTopics, ['topics', '--json'])), [
      { name: 'quantum criticality', count: 2 },
    ]);
  });
});
