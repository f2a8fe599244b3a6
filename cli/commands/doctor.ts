/** `arxiv-radar doctor`: resolved config (secrets masked) and health checks of everything start needs. */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { maskedConfig, type Config } from '../../config/env.ts';
import type { Subscription } from '../../domain/subscription.ts';
import type { Check } from '../../app/operations.ts';
import { cronProblem, feedCoverageWarning } from '../../domain/cron.ts';
import { errorMessage } from '../../domain/errors.ts';
import { redact, redactDeep } from '../../lib/redact.ts';
import { loadContext } from '../context.ts';
import { operations } from '../host.ts';
import { printJson } from '../output.ts';

function checkDataDir(dir: string): Check {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.doctor-${process.pid}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
    return { name: 'data dir', status: 'ok', detail: `${dir} is writable` };
  } catch (e) {
    return {
      name: 'data dir',
      status: 'fail',
      detail: `DATA_DIR=${dir} is not writable: ${errorMessage(e)}`,
    };
  }
}

/**
 * The external MCP servers the agent may use (MCP_SERVERS_FILE, as the config parsed it): which
 * ones, started how. They are started by the workers on the agent's first turn.
 */
export function mcpServersCheck(config: Pick<Config, 'MCP_SERVERS_FILE' | 'MCP_SERVERS'>): Check {
  const file = config.MCP_SERVERS_FILE;
  if (!file)
    return {
      name: 'mcp servers',
      status: 'off',
      detail: 'no external MCP servers for the agent (set MCP_SERVERS_FILE to a {"mcpServers": …} file)',
    };
  if (!config.MCP_SERVERS.length)
    return { name: 'mcp servers', status: 'warn', detail: `${file} lists no enabled server` };
  const each = config.MCP_SERVERS.map((s) =>
    s.kind === 'stdio'
      ? `${s.name} (runs ${path.basename(s.command)})`
      : `${s.name} (${new URL(s.url).origin})`,
  );
  return {
    name: 'mcp servers',
    status: 'ok',
    detail: `${each.join(', ')} from ${file}; their tools are offered to the agent as <server>__<tool>`,
  };
}

function integrationChecks(config: Config): Check[] {
  const modelDir = path.join(config.MODELS_DIR, config.RERANK_MODEL);
  const hasModel = existsSync(path.join(modelDir, 'onnx'));
  return [
    config.NOTION_TOKEN
      ? {
          name: 'notion',
          status: 'ok',
          detail: `configured (database ${config.NOTION_DATABASE_ID}, ${config.NOTION_API_URL})`,
        }
      : { name: 'notion', status: 'off', detail: 'not configured (set NOTION_TOKEN and NOTION_DATABASE_ID)' },
    config.DISCORD_TOKEN || config.DISCORD_WEBHOOK_URL
      ? {
          name: 'discord',
          status: 'ok',
          detail: `configured (${config.DISCORD_TOKEN ? 'bot token' : 'webhook'})`,
        }
      : {
          name: 'discord',
          status: 'off',
          detail: 'not configured (set DISCORD_TOKEN or DISCORD_WEBHOOK_URL)',
        },
    config.LLM_BASE_URL
      ? { name: 'llm', status: 'ok', detail: `${config.LLM_MODEL} at ${config.LLM_BASE_URL}` }
      : {
          name: 'llm',
          status: 'off',
          detail: 'not configured: extractive summaries and heuristic queries (set LLM_BASE_URL, LLM_MODEL)',
        },
    mcpServersCheck(config),
    hasModel
      ? { name: 'reranker', status: 'ok', detail: `${config.RERANK_MODEL} in ${modelDir}` }
      : {
          name: 'reranker',
          status: 'warn',
          detail: `${config.RERANK_MODEL} not in ${config.MODELS_DIR}; downloaded on first use when the hub is reachable, else BM25 ranking`,
        },
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
      : {
          name: 'schedule',
          status: 'ok',
          detail: `DIGEST_CRON "${config.DIGEST_CRON}" (${config.DIGEST_TIMEZONE}) reads every weekday feed`,
        },
  );
  for (const sub of subscriptions) {
    const problem = cronProblem(sub.cron);
    if (problem) {
      checks.push({
        name: 'schedule',
        status: 'fail',
        detail: `subscription "${sub.name}": cron ${problem}; fix it with \`arxiv-radar subscribe ${sub.name} --cron …\``,
      });
      continue;
    }
    const warning = feedCoverageWarning(sub.cron, sub.timezone);
    if (warning)
      checks.push({ name: 'schedule', status: 'warn', detail: `subscription "${sub.name}": ${warning}` });
  }
  return checks;
}

export function register(program: Command): void {
  program
    .command('doctor')
    .description(
      'print the resolved configuration (secrets masked) and check Temporal, the data dir and integrations',
    )
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { config } = loadContext(cmd);
      const ops = await operations();
      const storage = await ops.checkStorage(config);
      const checks: Check[] = [
        await ops.checkTemporal(config),
        await ops.checkStart(config),
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
        const entries = Object.entries(maskedConfig(config));
        // Columns as wide as the longest name, so every value starts in the same column.
        const keyWidth = Math.max(...entries.map(([k]) => k.length));
        for (const [k, v] of entries) {
          process.stdout.write(
            redact(`  ${k.padEnd(keyWidth)} ${v === undefined ? '(unset)' : String(v)}\n`),
          );
        }
        process.stdout.write('\nChecks:\n');
        const mark = { ok: '✔', warn: '!', fail: '✘', off: '-' } as const;
        const nameWidth = Math.max(...checks.map((c) => c.name.length));
        for (const c of checks)
          process.stdout.write(redact(`  ${mark[c.status]} ${c.name.padEnd(nameWidth)} ${c.detail}\n`));
      }
      if (failed) process.exitCode = 1;
    });
}
