import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Worker } from '@temporalio/worker';
import { workflowSourceFor } from '../../../workers/worker-set.ts';
import { REPO_ROOT } from '../../support/cli.ts';

// A copy of what `npm ci` leaves (sources, bin, build scripts; node_modules linked), so building
// and touching files here never disturbs the checkout's own dist/.
const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-bin-')), 'repo');
const FROM_DIST = 'ran-from-dist';
const NOTE =
  /^arxiv-radar: (.+); running the sources through tsx \(slower start\)\. Run `npm run build` to fix\.$/m;
const ID_JSON = { id: '1706.03762', version: 5, pathSafe: '1706.03762' };

function run(env: Record<string, string> = {}) {
  const r = spawnSync(path.join(copy, 'bin/arxiv-radar'), ['id', 'arXiv:1706.03762v5'], {
    cwd: copy,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), ID_JSON);
  return { stderr: r.stderr, fromDist: r.stderr.includes(FROM_DIST), note: NOTE.exec(r.stderr)?.[1] };
}

function build(): void {
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: copy,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(r.status, 0, r.stderr);
  // Marks the compiled entry, so a run shows which code it executed.
  appendFileSync(
    path.join(copy, 'dist/cli/main.js'),
    `\nprocess.stderr.write(${JSON.stringify(FROM_DIST)});\n`,
  );
}

describe('bin/arxiv-radar: dist/ when up to date, else tsx with a note', () => {
  before(() => {
    const top = [
      'activities',
      'app',
      'bot',
      'bin',
      'cli',
      'config',
      'domain',
      'lib',
      'mcp',
      'web',
      'workers',
      'workflows',
      'scripts',
      'package.json',
      'tsconfig.json',
    ];
    for (const entry of top)
      cpSync(path.join(REPO_ROOT, entry), path.join(copy, entry), {
        recursive: true,
        preserveTimestamps: true,
      });
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  });
  after(() => rmSync(path.dirname(copy), { recursive: true, force: true }));

  it('never built: runs the sources through tsx after a one-line note', () => {
    const r = run();
    assert.equal(r.note, 'dist/ is not built');
    assert.equal(r.fromDist, false);
  });

  it('freshly built: runs dist/ silently', () => {
    build();
    const r = run();
    assert.equal(r.stderr, FROM_DIST);
  });

  it("the build carries the files the code reads beside itself (the web app's assets)", () => {
    build();
    for (const asset of ['web/assets/app.css', 'web/assets/app.js']) {
      assert.deepEqual(
        readFileSync(path.join(copy, 'dist', asset)),
        readFileSync(path.join(copy, asset)),
        asset,
      );
    }
  });

  it('the build bundles the workflows once: workers from dist/ load that bundle, and it replays every recorded history', async () => {
    // dist/ as the test above built it.
    const codePath = path.join(copy, 'dist/workflows.bundle.js');
    const fromDist = workflowSourceFor(pathToFileURL(path.join(copy, 'dist/workers/worker-set.js')).href);
    assert.deepEqual(fromDist, { workflowBundle: { codePath } });
    const fromSources = workflowSourceFor(pathToFileURL(path.join(copy, 'workers/worker-set.ts')).href);
    assert.equal(fromSources.workflowBundle, undefined, 'the sources are bundled at start');
    assert.match(String(fromSources.workflowsPath), /workflows[/\\]index\.ts$/);

    // The failure-log interceptor is part of the bundle (a worker given a bundle takes no interceptor modules).
    assert.match(readFileSync(codePath, 'utf8'), /failure-log-interceptor/);
    const dir = path.join(REPO_ROOT, 'test/fixtures/histories');
    const histories = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) =>
          JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { workflowId: string; history: unknown },
      );
    let replayed = 0;
    for await (const result of Worker.runReplayHistories({ workflowBundle: { codePath } }, histories)) {
      assert.equal(result.error, undefined, `${result.workflowId}: ${String(result.error)}`);
      replayed++;
    }
    assert.equal(replayed, histories.length);
  });

  it('a source edited since the build: the note names it, and the sources run', () => {
    const file = path.join(copy, 'domain/arxiv-ids.ts');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const r = run();
    assert.equal(r.note, 'domain/arxiv-ids.ts changed since dist/ was built');
    assert.equal(r.fromDist, false);
    assert.equal(r.stderr.trim().split('\n').length, 1, 'the note is one line');
  });

  it('a new source file makes dist stale too; rebuilding makes it current again', () => {
    build();
    assert.equal(run().stderr, FROM_DIST);
    cpSync(path.join(copy, 'domain/errors.ts'), path.join(copy, 'domain/new-module.ts'));
    assert.equal(run().note, 'domain changed since dist/ was built');
    build();
    assert.equal(run().stderr, FROM_DIST);
  });

  it('ARXIV_RADAR_FROM_SOURCE=1 runs the sources without a note', () => {
    const r = run({ ARXIV_RADAR_FROM_SOURCE: '1' });
    assert.equal(r.stderr, '');
  });
});
