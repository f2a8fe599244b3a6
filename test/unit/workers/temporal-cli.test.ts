import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isAppError } from '../../../domain/errors.ts';
import type { Progress } from '../../../lib/progress.ts';
import { resolveTemporalCli } from '../../../workers/temporal-cli.ts';

/** Records what the installer says and shows, in order. */
function recorder() {
  const said: string[] = [];
  const updates: Array<{ message: string; waiting: boolean }> = [];
  const progress: Progress = {
    update: (message, detail) => void updates.push({ message, waiting: detail?.waiting === true }),
    done: () => {},
  };
  return { said, updates, progress, say: (m: string) => void said.push(m) };
}

describe('resolveTemporalCli installing from the CDN (loopback server)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arxiv-radar-temporal-cli-'));
  let archive: Buffer;
  let server: http.Server;
  let base = '';
  const savedPath = process.env.PATH;

  before(async () => {
    // A release-shaped archive: a `temporal` executable at the top of a .tar.gz, padded so the
    // download arrives in several chunks.
    const src = path.join(dir, 'src');
    mkdirSync(src);
    writeFileSync(
      path.join(src, 'temporal'),
      `#!/bin/sh\necho temporal version 1.5.1\n# ${'x'.repeat(64)}\n`,
      { mode: 0o755 },
    );
    writeFileSync(path.join(src, 'LICENSE'), 'MIT\n');
    execFileSync('tar', ['-czf', path.join(dir, 'temporal.tar.gz'), '-C', src, 'temporal', 'LICENSE']);
    archive = readFileSync(path.join(dir, 'temporal.tar.gz'));
    server = http.createServer((req, res) => {
      if (req.url !== '/ok') {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(archive.length) });
      // Four pieces, a little apart: the progress sees bytes arrive.
      const size = Math.ceil(archive.length / 4);
      let i = 0;
      const next = () => {
        if (i >= archive.length) return void res.end();
        res.write(archive.subarray(i, i + size));
        i += size;
        setTimeout(next, 20);
      };
      next();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // No `temporal` and no `go` on PATH: only the download path is exercised (tar stays reachable).
    process.env.PATH = '/usr/bin:/bin';
  });
  after(async () => {
    process.env.PATH = savedPath;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('says what it installs and how to avoid it, shows size and percent, and caches the binary', async () => {
    const r = recorder();
    const cacheDir = path.join(dir, 'cache-ok');
    const cli = await resolveTemporalCli({
      install: true,
      cacheDir,
      downloadUrl: `${base}/ok`,
      say: r.say,
      progress: r.progress,
    });
    assert.equal(cli.source, 'download');
    assert.equal(cli.path, path.join(cacheDir, 'temporal'));
    assert.match(execFileSync(cli.path, { encoding: 'utf8' }), /temporal version 1\.5\.1/);
    assert.match(
      r.said[0] ?? '',
      /^Installing the Temporal CLI v1\.5\.1 into .*If this fails or hangs: put `temporal` on PATH or set TEMPORAL_CLI_PATH, or set TEMPORAL_ADDRESS/,
    );
    assert.ok(r.updates.length >= 2, JSON.stringify(r.updates));
    const last = r.updates.at(-1)!.message;
    assert.match(
      last,
      /^Downloading the Temporal CLI: 0\.0 of 0\.0 MB \(100%\), [\d.]+ MB\/s, about 0:00 left$/,
    );
    // Milestones (printed without a terminal) come at most once per quarter.
    assert.ok(r.updates.filter((u) => u.waiting).length <= 4);
    assert.match(r.said.at(-1) ?? '', /^Installed the Temporal CLI from the CDN into /);
    // Second call: from the cache, nothing said.
    const again = recorder();
    assert.equal(
      (
        await resolveTemporalCli({
          install: true,
          cacheDir,
          downloadUrl: `${base}/ok`,
          say: again.say,
          progress: again.progress,
        })
      ).source,
      'cache',
    );
    assert.deepEqual(again.said, []);
  });

  it('when the download fails and Go is missing: says so, and the error lists what to do', async () => {
    const r = recorder();
    await assert.rejects(
      resolveTemporalCli({
        install: true,
        cacheDir: path.join(dir, 'cache-fail'),
        downloadUrl: `${base}/missing`,
        say: r.say,
        progress: r.progress,
      }),
      (e: unknown) => {
        assert.ok(isAppError(e, 'TEMPORAL_CLI_MISSING'));
        assert.match(e.message, /download from Temporal's CDN failed: HTTP 404/);
        assert.match(e.message, /go install failed: Go is not installed/);
        assert.match(e.message, /set TEMPORAL_CLI_PATH/);
        assert.match(e.message, /TEMPORAL_ADDRESS/);
        return true;
      },
    );
    assert.ok(
      r.said.some((m) => /^The download failed \(HTTP 404/.test(m)),
      r.said.join('\n'),
    );
  });
});
