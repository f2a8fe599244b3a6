/**
 * Saves a finished workflow's history as a replay fixture when RECORD_HISTORIES=1, in the JSON
 * format of `temporal workflow show --output json` (what the replayer loads).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveTemporalCli } from '../../workers/temporal-cli.ts';

export async function maybeRecordHistory(
  address: string,
  workflowId: string,
  workflowType: string,
  label: string,
): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const cli = await resolveTemporalCli({ install: false });
  const json = execFileSync(
    cli.path,
    ['workflow', 'show', '--workflow-id', workflowId, '--address', address, '--output', 'json'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const dir = path.resolve(import.meta.dirname, '../fixtures/histories');
  mkdirSync(dir, { recursive: true });
  // The replayer needs the original workflow id (child ids derive from it).
  writeFileSync(
    path.join(dir, `${workflowType}--${label}.json`),
    JSON.stringify({ workflowId, history: JSON.parse(json) as unknown }),
  );
}
