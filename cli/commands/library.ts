/**
 * `arxiv-radar library migrate | copy --to postgres://…`: run the library's schema migrations on
 * their own, and move a SQLite library (DATA_DIR) into Postgres, with counts checked.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../domain/errors.ts';
import { maskUrl, registerSecrets, urlSecrets } from '../../lib/redact.ts';
import { createProgress } from '../../lib/progress.ts';
import { loadContext } from '../context.ts';
import { operations } from '../host.ts';
import { printJson, say } from '../output.ts';

function table(source: Record<string, number>, target: Record<string, number>): string {
  const rows = Object.keys(source).map(
    (t) =>
      `${t.padEnd(16)}${String(source[t]).padStart(10)}${String(target[t]).padStart(10)}${source[t] === target[t] ? '' : '   ≠'}`,
  );
  return [`${'table'.padEnd(16)}${'sqlite'.padStart(10)}${'postgres'.padStart(10)}`, ...rows].join('\n');
}

export function register(program: Command): void {
  const library = program
    .command('library')
    .description('maintain the library database (migrations, moving SQLite to Postgres)');

  library
    .command('migrate')
    .description(
      'bring the library schema up to date (DATABASE_URL, else the SQLite library under DATA_DIR) and exit',
    )
    .option('--json', 'print { driver, from, to } as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { config } = loadContext(cmd);
      const out = await (await operations()).migrateLibrary(config);
      if (opts.json) printJson(out);
      else if (out.from === null)
        process.stdout.write(`SQLite library under ${config.DATA_DIR} is at schema ${out.to}\n`);
      else if (out.from === out.to)
        process.stdout.write(`Postgres library is at schema ${out.to}; nothing to migrate\n`);
      else process.stdout.write(`Postgres library migrated from schema ${out.from} to ${out.to}\n`);
    });

  library
    .command('copy')
    .description(
      'copy the SQLite library under DATA_DIR (papers, content, chunks, summaries, topics, subscriptions, digests, receipts, seen-state, deliveries) into Postgres; safe to run again or resume',
    )
    .requiredOption('--to <url>', 'target database, postgres://user:password@host:5432/db')
    .option('--json', 'print { before, after, ok } as JSON')
    .action(async (opts: { to: string; json?: boolean }, cmd: Command) => {
      const { config, logger } = loadContext(cmd);
      registerSecrets(urlSecrets(opts.to));
      let target: URL;
      try {
        target = new URL(opts.to);
      } catch {
        throw new AppError(
          'INVALID_INPUT',
          `--to "${maskUrl(opts.to)}" is not a URL; use postgres://user:password@host:5432/db`,
        );
      }
      if (target.protocol !== 'postgres:' && target.protocol !== 'postgresql:') {
        throw new AppError('INVALID_INPUT', `--to must be a postgres:// URL (got ${target.protocol}//…)`);
      }
      if (!existsSync(path.join(config.DATA_DIR, 'library.sqlite'))) {
        throw new AppError(
          'INVALID_INPUT',
          `no SQLite library at ${path.join(config.DATA_DIR, 'library.sqlite')}; set DATA_DIR to the library to copy`,
        );
      }
      const progress = createProgress();
      try {
        const { tables, before, after } = await (
          await operations()
        ).copyLibrary(config, logger, opts.to, {
          progress: (m) => progress.update(m),
          before: (counts) => {
            if (!opts.json) say(`Before (${maskUrl(opts.to)}):\n${table(counts.sqlite, counts.postgres)}\n`);
          },
        });
        progress.done();
        const mismatched = tables.filter((t) => after.sqlite[t] !== after.postgres[t]);
        if (opts.json) printJson({ before, after, ok: mismatched.length === 0 });
        else say(`After:\n${table(after.sqlite, after.postgres)}\n`);
        if (mismatched.length > 0) {
          throw new AppError(
            'STORE_ERROR',
            `counts differ after the copy in ${mismatched.map((t) => `${t} (source ${after.sqlite[t]}, target ${after.postgres[t]})`).join(', ')}; ` +
              'the target must be empty or hold only earlier copies of this library',
          );
        }
        if (!opts.json) say('Every count matches.');
      } finally {
        progress.done();
      }
    });
}
