/**
 * What a newcomer types first (issue 31): `--version` answers with the version, and counts read
 * as English ("1 result", "1-1 of 1 paper").
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { formatList } from '../../../cli/commands/list.ts';
import { counted } from '../../../domain/words.ts';
import { REPO_ROOT, runCli } from '../../support/cli.ts';

const VERSION = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

describe('the first commands a newcomer types', () => {
  it('--version and -V print the package version and exit 0', () => {
    for (const flag of ['--version', '-V']) {
      const r = runCli([flag]);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, `${VERSION}\n`);
      assert.equal(r.stderr.replace(/^arxiv-radar: .*running the sources.*\n/m, ''), '');
    }
  });

  it('--help lists --version', () => {
    assert.match(runCli(['--help']).stdout, /-V, --version\s+print the version/);
  });

  it('counts are singular for one', () => {
    assert.equal(counted(1, 'result'), '1 result');
    assert.equal(counted(0, 'result'), '0 results');
    assert.equal(counted(2, 'query', 'queries'), '2 queries');
    const one = {
      total_count: 1,
      returned: 1,
      papers: [
        {
          arxiv_id: '1111.2011',
          title: 'T',
          authors: ['A'],
          abstract: '',
          categories: ['cs.AI'],
          published_date: '2011-11-08',
          pdf_url: null,
        },
      ],
    };
    assert.match(formatList(one, 0), /^1-1 of 1 paper\n/);
  });
});
