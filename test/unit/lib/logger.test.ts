import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createLogger, formatLine } from '../../../lib/logger.ts';
import { registerSecrets } from '../../../lib/redact.ts';
import { BIN, REPO_ROOT } from '../../support/cli.ts';
import { corpus } from '../../support/corpus.ts';

/** A logger writing into an array, in the given format. */
function recording(format: 'json' | 'pretty', level = 'warn') {
  const lines: string[] = [];
  const logger = createLogger(level, { format, destination: { write: (s: string) => void lines.push(s) } });
  return { logger, lines };
}

describe('formatLine (LOG_FORMAT=pretty, and auto on a terminal)', () => {
  it('prints level, message and the key fields on one line, without pino bookkeeping', () => {
    const json = JSON.stringify({
      level: 40,
      time: 1,
      pid: 7,
      hostname: 'h',
      topic: 'graphs',
      count: 3,
      msg: 'digest skipped',
    });
    assert.equal(formatLine(json), 'WARN  digest skipped topic=graphs count=3\n');
  });

  it('quotes values with spaces, prints objects as compact JSON, folds newlines, shows an error by its message', () => {
    const json = JSON.stringify({
      level: 50,
      reason: 'fetch failed',
      ids: ['1706.03762', '2101.00001'],
      err: { type: 'Error', message: 'boom\nsecond line', stack: 'Error: boom\n    at x' },
      msg: 'first\nsecond',
    });
    assert.equal(
      formatLine(json),
      'ERROR first | second reason="fetch failed" ids=["1706.03762","2101.00001"] err="boom | second line"\n',
    );
    assert.equal(
      formatLine(json, { stacks: true }),
      'ERROR first | second reason="fetch failed" ids=["1706.03762","2101.00001"] err="boom | second line"\nError: boom\n    at x\n',
    );
  });

  it('colours the level on a terminal and passes through what is not a JSON object', () => {
    assert.equal(formatLine('{"level":40,"msg":"m"}', { colour: true }), '\x1b[33mWARN \x1b[0m m\n');
    assert.equal(formatLine('not json\n'), 'not json\n');
  });
});

describe('createLogger', () => {
  it('json keeps one JSON object per line, pretty one readable line; both redact secrets', () => {
    const secret = 'sk-logger-PLANTED-9z8y7x';
    registerSecrets([secret]);
    const json = recording('json');
    const pretty = recording('pretty');
    for (const { logger } of [json, pretty]) {
      logger.warn(
        { url: `https://user:${secret}@example.org/x`, detail: `key ${secret}` },
        `upstream said ${secret}`,
      );
      logger.info('below the level');
    }
    assert.equal(json.lines.length, 1);
    const entry = JSON.parse(json.lines[0]!) as Record<string, unknown>;
    assert.equal(entry.level, 40);
    assert.equal(entry.msg, 'upstream said ****');
    assert.equal(pretty.lines.length, 1);
    assert.equal(
      pretty.lines[0],
      'WARN  upstream said **** url=https://****@example.org/x detail="key ****"\n',
    );
    assert.ok(!json.lines[0]!.includes(secret) && !pretty.lines[0]!.includes(secret));
  });
});

describe('log format of a real CLI process', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-logger-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // rank without a model: BM25 with the one warning; the hub download it tries first fails at once.
  const env = {
    ...process.env,
    DATA_DIR: dir,
    MODELS_DIR: path.join(dir, 'models'),
    HF_ENDPOINT: 'http://127.0.0.1:9',
    LOG_FORMAT: '',
  };
  const args = ['rank', 'heat bath', corpus('atom/id_list_1605.08386.xml')];
  const warning = `no reranker model found in ${path.join(dir, 'models', 'Xenova/ms-marco-MiniLM-L-6-v2')}; ranking with BM25. Put the ONNX files there (tokenizer.json, config.json, onnx/model_quantized.onnx) or set RERANK_MODEL`;
  // The bin's note when a source changed since `npm run build` (a working checkout) is not a log line.
  const logLines = (out: string) =>
    out.split(/\r?\n/).filter((l) => l && !l.startsWith('arxiv-radar: ') && !/^\s*\d+\.|^Ranked /.test(l));

  /** Runs the CLI under a pseudo-terminal (util-linux `script`): stdout and stderr are the terminal. */
  function onTerminal(extra: Record<string, string> = {}): string {
    const quoted = [BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const r = spawnSync('script', ['-qec', quoted, '/dev/null'], {
      cwd: REPO_ROOT,
      env: { ...env, ...extra },
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    return r.stdout;
  }

  it('on a terminal, the BM25 fallback is one readable, coloured line said once', () => {
    assert.deepEqual(logLines(onTerminal()), [`\x1b[33mWARN \x1b[0m ${warning} reason="fetch failed"`]);
  });

  it('on a terminal with LOG_FORMAT=json, and with stderr not a terminal, it stays a JSON line', () => {
    const forced = logLines(onTerminal({ LOG_FORMAT: 'json' }));
    const piped = spawnSync(BIN, args, { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 120_000 });
    assert.equal(piped.status, 0, piped.stderr);
    for (const lines of [forced, logLines(piped.stderr)]) {
      assert.equal(lines.length, 1, lines.join('\n'));
      const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
      assert.equal(entry.level, 40);
      assert.equal(entry.msg, warning);
      assert.equal(entry.reason, 'fetch failed');
    }
  });
});
