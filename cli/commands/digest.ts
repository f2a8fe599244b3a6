/** `digest run <name>` (now, with progress) and `digest show <name>` (the last digest as Markdown). */
import type { Command } from 'commander';
import { describeDates } from '../../domain/arxiv-calendar.ts';
import { AppError } from '../../domain/errors.ts';
import { counted } from '../../domain/words.ts';
import { createProgress } from '../../lib/progress.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

export function register(program: Command): void {
  const digest = program.command('digest').description('run or show topic digests');

  digest
    .command('run')
    .description('build and publish a digest now (same workflow as the schedule)')
    .argument('<name>', 'subscription name')
    .option('--json', 'machine-readable output')
    .action(async (name: string, opts: { json?: boolean }, cmd: Command) => {
      await withService(cmd, async (service, { signal }) => {
        // Stage lines also when piped: a digest takes a while and the user asked to watch it.
        const progress = createProgress(process.stderr, { lines: true });
        const result = await service
          .runDigest(name, (m, detail) => progress.update(m, detail), { signal })
          .finally(() => progress.done());
        if (opts.json) return printJson(result);
        const notCovered = result.notCovered ?? [];
        if (notCovered.length > 0) {
          process.stdout.write(
            `Not covered (older than DIGEST_CATCHUP_DAYS): the announcements of ${describeDates(notCovered)}.\n`,
          );
        }
        const floor =
          result.belowFloor !== undefined
            ? `${counted(result.belowFloor, 'paper')} dropped at the relevance floor (no evidence of relevance to the interest).\n`
            : '';
        if (result.status === 'empty') {
          process.stdout.write(`No digest: ${result.reason}.\n${floor}`);
          return;
        }
        process.stdout.write(floor);
        for (const { digest: d, receipts } of result.digests) {
          process.stdout.write(
            `Published ${d.entries.length} paper${d.entries.length === 1 ? '' : 's'} of the ${d.date} announcement (${d.key}):\n`,
          );
          for (const r of receipts) process.stdout.write(`  ${r.destination.padEnd(9)} ${r.url ?? r.ref}\n`);
        }
      });
    });

  digest
    .command('show')
    .description('print the last digest of a subscription')
    .argument('<name>', 'subscription name')
    .option('--json', 'machine-readable output')
    .action(async (name: string, opts: { json?: boolean }, cmd: Command) => {
      await withService(cmd, async (service) => {
        const d = await service.lastDigest(name);
        if (!d)
          throw new AppError(
            'NOT_FOUND',
            `No digest yet for "${name}". Run one with \`arxiv-radar digest run ${name}\`.`,
          );
        if (opts.json) printJson(d);
        else process.stdout.write(await service.digestMarkdown(d));
      });
    });
}
