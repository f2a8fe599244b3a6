/** `arxiv-radar doctor`: resolved config (secrets masked) and health checks of everything start needs. */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { maskedConfig, type Config } from '../../config/env.ts';
import type { Subscription } from '../../domain/subscription.ts';
import { openBlobStore } from '../../workers/blobs.ts';
import { openStore, storeLocation } from '../../workers/store.ts';
import { cronProblem, feedCoverageWarning } from '../../domain/cron.ts';
import { errorMessage } from '../../domain/errors.ts';
import { parseMcpServers } from '../../domain/mcp-servers.ts';
import { redact, redactDeep } from '../../lib/redact.ts';
import { loadContext } from '../context.ts';
import { printJson } from '../output.ts';

export interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail' | 'off';
  detail: string;
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const f = path.join(dir, name);
    try {
      accessSync(f, constants.X_OK);
      return f;
    } catch {
      /* keep looking */
    }
  }
  return undefined;
}

async function checkTemporal(config: Config): Promise<Check> {
  if (config.TEMPORAL_ADDRESS) {
    const { Connection } = await import('@temporalio/client');
    try {
      const conn = await Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: 3000 });
      try {
        const info = await conn.workflowService.getSystemInfo({});
        return { name: 'temporal', status: 'ok', detail: `reachable at ${config.TEMPORAL_ADDRESS} (server ${info.serverVersion ?? '?'})` };
      } finally {
        await conn.close();
      }
    } catch (e) {
      return { name: 'temporal', status: 'fail', detail: `TEMPORAL_ADDRESS=${config.TEMPORAL_ADDRESS} is not reachable: ${errorMessage(e)}` };
    }
  }
  const { resolveTemporalCli, TEMPORAL_CLI_VERSION } = await import('../../workers/temporal-cli.ts');
  try {
    const cli = await resolveTemporalCli({ cliPath: config.TEMPORAL_CLI_PATH, install: false });
    return { name: 'temporal', status: 'ok', detail: `embedded dev server via ${cli.path} (${cli.source})` };
  } catch (e) {
    if (config.TEMPORAL_CLI_PATH) return { name: 'temporal', status: 'fail', detail: errorMessage(e) };
    const go = onPath('go');
    return go
      ? { name: 'temporal', status: 'warn', detail: `CLI not installed yet; installable (CDN download or go install v${TEMPORAL_CLI_VERSION} with ${go}); run npm run setup` }
      : { name: 'temporal', status: 'warn', detail: 'CLI not installed yet; start will try the CDN download. Without network, set TEMPORAL_CLI_PATH or install Go.' };
  }
}

function checkDataDir(dir: string): Check {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.doctor-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
    return { name: 'data dir', status: 'ok', detail: `${dir} is writable` };
  } catch (e) {
    return { name: 'data dir', status: 'fail', detail: `DATA_DIR=${dir} is not writable: ${errorMessage(e)}` };
  }
}

/**
 * The external MCP servers the agent may use (MCP_SERVERS_FILE; the config already checked the
 * file): which ones, started how. They are started by the workers on the agent's first turn.
 */
export function mcpServersCheck(file: string | undefined): Check {
  if (!file) return { name: 'mcp servers', status: 'off', detail: 'no external MCP servers for the agent (set MCP_SERVERS_FILE to a {"mcpServers": …} file)' };
  let parsed: ReturnType<typeof parseMcpServers>;
  try {
    parsed = parseMcpServers(readFileSync(file, 'utf8'));
  } catch (e) {
    return { name: 'mcp servers', status: 'fail', detail: `MCP_SERVERS_FILE=${file} cannot be read: ${errorMessage(e)}` };
  }
  if (!parsed.ok) return { name: 'mcp servers', status: 'fail', detail: `MCP_SERVERS_FILE=${file}: ${parsed.problems.join('; ')}` };
  if (!parsed.servers.length) return { name: 'mcp servers', status: 'warn', detail: `${file} lists no enabled server` };
  const each = parsed.servers.map((s) => (s.kind === 'stdio' ? `${s.name} (runs ${path.basename(s.command)})` : `${s.name} (${new URL(s.url).origin})`));
  return { name: 'mcp servers', status: 'ok', detail: `${each.join(', ')} from ${file}; their tools are offered to the agent as <server>__<tool>` };
}

function integrationChecks(config: Config): Check[] {
  const modelDir = path.join(config.MODELS_DIR, config.RERANK_MODEL);
  const hasModel = existsSync(path.join(modelDir, 'onnx'));
  return [
    config.NOTION_TOKEN
      ? { name: 'notion', status: 'ok', detail: `configured (database ${config.NOTION_DATABASE_ID}, ${config.NOTION_API_URL})` }
      : { name: 'notion', status: 'off', detail: 'not configured (set NOTION_TOKEN and NOTION_DATABASE_ID)' },
    config.DISCORD_TOKEN || config.DISCORD_WEBHOOK_URL
      ? { name: 'discord', status: 'ok', detail: `configured (${config.DISCORD_TOKEN ? 'bot token' : 'webhook'})` }
      : { name: 'discord', status: 'off', detail: 'not configured (set DISCORD_TOKEN or DISCORD_WEBHOOK_URL)' },
    config.LLM_BASE_URL
      ? { name: 'llm', status: 'ok', detail: `${config.LLM_MODEL} at ${config.LLM_BASE_URL}` }
      : { name: 'llm', status: 'off', detail: 'not configured: extractive summaries and heuristic queries (set LLM_BASE_URL, LLM_MODEL)' },
    mcpServersCheck(config.MCP_SERVERS_FILE),
    hasModel
      ? { name: 'reranker', status: 'ok', detail: `${config.RERANK_MODEL} in ${modelDir}` }
      : { name: 'reranker', status: 'warn', detail: `${config.RERANK_MODEL} not in ${config.MODELS_DIR}; downloaded on first use when the hub is reachable, else BM25 ranking` },
  ];
}

/**
 * Schedules against arXiv's calendar: the default cron and every stored subscription's must read
 * each Monday–Friday feed (a cron that never runs on some weekday delivers that day's
 * announcement only through catch-up); a stored cron that does not parse is an error.
 */
function scheduleChecks(config: Config, subscriptions: Subscription[]): Check[] {
  const checks: Check[] = [];
  const defaultWarning = feedCoverageWarning(config.DIGEST_CRON, config.DIGEST_TIMEZONE);
  checks.push(
    defaultWarning
      ? { name: 'schedule', status: 'warn', detail: `DIGEST_CRON ${defaultWarning}` }
      : { name: 'schedule', status: 'ok', detail: `DIGEST_CRON "${config.DIGEST_CRON}" (${config.DIGEST_TIMEZONE}) reads every weekday feed` },
  );
  for (const sub of subscriptions) {
    const problem = cronProblem(sub.cron);
    if (problem) {
      checks.push({ name: 'schedule', status: 'fail', detail: `subscription "${sub.name}": cron ${problem}; fix it with \`arxiv-radar subscribe ${sub.name} --cron …\`` });
      continue;
    }
    const warning = feedCoverageWarning(sub.cron, sub.timezone);
    if (warning) checks.push({ name: 'schedule', status: 'warn', detail: `subscription "${sub.name}": ${warning}` });
  }
  return checks;
}

/**
 * What a worker needs on this node: the library reachable and migrated, the blob store writable
 * and readable (a tiny content-addressed probe, the same bytes every time), and, on a cluster,
 * the same arXiv interval as the gate the other nodes use.
 */
async function storageChecks(config: Config): Promise<{ checks: Check[]; subscriptions: Subscription[] }> {
  const checks: Check[] = [];
  let subscriptions: Subscription[] = [];
  const location = storeLocation(config);
  try {
    const store = openStore(config);
    try {
      subscriptions = await store.listSubscriptions();
      const n = subscriptions.length;
      checks.push({ name: 'library', status: 'ok', detail: `${location} (migrated; ${n} subscription${n === 1 ? '' : 's'})` });
    } finally {
      await store.close();
    }
  } catch (e) {
    checks.push({ name: 'library', status: 'fail', detail: `${location}: ${errorMessage(e)}` });
  }
  const blobs = openBlobStore(config);
  try {
    const probe = Buffer.from('{"arxiv-radar":"doctor probe"}');
    const { key } = await blobs.put(probe, 'json');
    const back = await blobs.get(key);
    checks.push(
      back.equals(probe)
        ? { name: 'blobs', status: 'ok', detail: `${blobs.describe()} is writable and readable` }
        : { name: 'blobs', status: 'fail', detail: `${blobs.describe()} gave back other bytes than were stored` },
    );
  } catch (e) {
    checks.push({ name: 'blobs', status: 'fail', detail: `${blobs.describe()}: ${errorMessage(e)}` });
  } finally {
    await blobs.close();
  }
  if (config.TEMPORAL_ADDRESS) checks.push(await checkGateInterval(config));
  return { checks, subscriptions };
}

/** On a cluster: does this node space arXiv requests like the running gate's last request? */
async function checkGateInterval(config: Config): Promise<Check> {
  const { Client, Connection } = await import('@temporalio/client');
  const { ARXIV_GATE_WORKFLOW_ID, arxivGateStatus } = await import('../../workflows/arxiv-gate.ts');
  try {
    const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS!, connectTimeout: 3000 });
    try {
      const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
      const status = await client.workflow.getHandle(ARXIV_GATE_WORKFLOW_ID).query(arxivGateStatus);
      if (status.lastIntervalMs === 0) return { name: 'arxiv gate', status: 'ok', detail: 'running; no request spaced yet' };
      if (status.lastIntervalMs !== config.ARXIV_MIN_INTERVAL_MS) {
        return {
          name: 'arxiv gate',
          status: 'warn',
          detail: `this node spaces arXiv requests by ARXIV_MIN_INTERVAL_MS=${config.ARXIV_MIN_INTERVAL_MS} ms, the cluster's last request by ${status.lastIntervalMs} ms: set the same value on every node`,
        };
      }
      return { name: 'arxiv gate', status: 'ok', detail: `running; ${status.lastIntervalMs} ms between requests, as configured here; ${status.waiting} waiting` };
    } finally {
      await connection.close();
    }
  } catch (e) {
    const message = errorMessage(e);
    if (/not found/i.test(message)) return { name: 'arxiv gate', status: 'off', detail: 'no arXiv gate running yet (it starts with the first arXiv request)' };
    return { name: 'arxiv gate', status: 'warn', detail: `could not read the arXiv gate: ${message}` };
  }
}

export function register(program: Command): void {
  program
    .command('doctor')
    .description('print the resolved configuration (secrets masked) and check Temporal, the data dir and integrations')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { config } = loadContext(cmd);
      const storage = await storageChecks(config);
      const checks: Check[] = [
        await checkTemporal(config),
        checkDataDir(config.DATA_DIR),
        ...integrationChecks(config),
        ...storage.checks,
        ...scheduleChecks(config, storage.subscriptions),
      ];
      const failed = checks.some((c) => c.status === 'fail');
      if (opts.json) {
        // Details quote settings (URLs, errors from Temporal): everything printed is redacted.
        printJson(redactDeep({ ok: !failed, config: maskedConfig(config), checks }));
      } else {
        process.stdout.write('Configuration:\n');
        for (const [k, v] of Object.entries(maskedConfig(config))) {
          process.stdout.write(redact(`  ${k.padEnd(26)} ${v === undefined ? '(unset)' : String(v)}\n`));
        }
        process.stdout.write('\nChecks:\n');
        const mark = { ok: '✔', warn: '!', fail: '✘', off: '-' } as const;
        for (const c of checks) process.stdout.write(redact(`  ${mark[c.status]} ${c.name.padEnd(10)} ${c.detail}\n`));
      }
      if (failed) process.exitCode = 1;
    });
}
