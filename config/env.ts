/**
 * The one reader of process.env. Every variable the service understands is declared here, with
 * its default; `.env.example` documents the same list. Validated once at start, failing with every
 * problem listed.
 */
import { isArxivHost } from '../domain/arxiv-ids.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { DEFAULT_CONVERT_MAX_MEMORY_MB } from './convert-limits.ts';
import { DEFAULT_CATCHUP_DAYS, DEFAULT_DIGEST_CRON } from '../domain/arxiv-calendar.ts';
import { DEFAULT_PUBLISH_HEARTBEAT_SECONDS } from '../domain/digest.ts';
import { isTimeZone } from '../domain/subscription.ts';
import { siteOriginProblem } from '../domain/links.ts';
import { ARXIV_ORIGIN } from '../domain/paper.ts';
import { cronProblem } from '../domain/cron.ts';
import { MAX_MCP_SERVERS_FILE_BYTES, parseMcpServers, type McpServerSpec } from '../domain/mcp-servers.ts';
import { interactionsProblems, mcpHttpProblems, webProblems } from '../lib/listen-address.ts';
import { maskUrl, redact, registerSecrets, urlSecrets } from '../lib/redact.ts';

const ARXIV_FLOOR_MS = 3000;

/** MCP_SERVERS_FILE's servers, or what is wrong with the file (its size is checked before reading it). */
function readMcpServersFile(file: string): { servers: McpServerSpec[] } | { problem: string } {
  if (!(existsSync(file) && statSync(file).isFile()))
    return { problem: `${file} is not a file; point it at a JSON file like claude_desktop_config.json` };
  // Checked before reading: every command validates the config, so a huge file would cost each one.
  const bytes = statSync(file).size;
  if (bytes > MAX_MCP_SERVERS_FILE_BYTES)
    return {
      problem: `${file} is ${bytes} bytes; at most ${MAX_MCP_SERVERS_FILE_BYTES} (1 MB): list only the servers the agent should use`,
    };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { problem: `${file} cannot be read: ${e instanceof Error ? e.message : String(e)}` };
  }
  const parsed = parseMcpServers(text);
  return parsed.ok
    ? { servers: parsed.servers }
    : {
        problem: `${file}${parsed.problems[0]?.startsWith('mcpServers') ? ':' : ''} ${parsed.problems.join('; ')}`,
      };
}

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

// Every URL variable is http(s): `file:///etc/passwd` or `javascript:` is a URL too.
const optionalUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).optional(),
);

const url = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }));

/** An http(s) origin only (domain/links.ts), normalised to `scheme://host[:port]`. */
const siteOrigin = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .superRefine((v, ctx) => {
      const problem = siteOriginProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => (siteOriginProblem(v) ? v : new URL(v).origin));

const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);

/** ar5iv's base URL for a config: the one set, else arXiv's own when the web URL is arXiv's, else none. */
export function ar5ivUrlOf(c: {
  ARXIV_AR5IV_URL?: string | undefined;
  ARXIV_WEB_URL: string;
}): string | undefined {
  if (c.ARXIV_AR5IV_URL) return c.ARXIV_AR5IV_URL;
  return isArxivHost(new URL(c.ARXIV_WEB_URL).hostname) ? 'https://ar5iv.labs.arxiv.org' : undefined;
}

export { isArxivHost };

const directory = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((v) => path.resolve(v))
    .superRefine((dir, ctx) => {
      if (existsSync(dir) && !statSync(dir).isDirectory()) {
        ctx.addIssue({
          code: 'custom',
          message: `${dir} exists and is not a directory; point it at a folder`,
        });
      }
    });

const BaseSchema = z.object({
  DATA_DIR: directory('./data'),
  /** The library on Postgres (`postgres://user:pass@host:5432/db`); unset = SQLite under DATA_DIR. */
  DATABASE_URL: optionalString.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        message: 'must be a postgres://user:password@host:5432/database URL',
      })
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  // auto: one readable line per entry on a terminal, JSON lines otherwise; json/pretty force one.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),

  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().trim().min(1).default('default'),
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_DEV_PORT: int(7233, 1, 65535),
  TEMPORAL_UI_PORT: int(8233, 0, 65535),
  TEMPORAL_TASK_QUEUE: z.string().trim().min(1).default('arxiv-radar'),
  /** Execution timeout of on-demand workflows (get, search): a gone caller leaves nothing running for longer. */
  ONDEMAND_TIMEOUT_SECONDS: int(300, 5, 86_400),

  ARXIV_API_URL: url('https://export.arxiv.org/api/query'),
  ARXIV_RSS_URL: url('https://rss.arxiv.org/atom'),
  ARXIV_WEB_URL: url('https://arxiv.org'),
  /** The origin every paper link we render or publish points to (abs, pdf, html); a mirror may replace arXiv's. */
  ARXIV_SITE_URL: siteOrigin(ARXIV_ORIGIN),
  ARXIV_OAI_URL: url('https://oaipmh.arxiv.org/oai'),
  /** Unset: https://ar5iv.labs.arxiv.org while ARXIV_WEB_URL is arxiv.org, else no ar5iv step (a mirror or fake has none). */
  ARXIV_AR5IV_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }).optional(),
  ),
  ARXIV_CONTACT: optionalString,
  ARXIV_MIN_INTERVAL_MS: int(ARXIV_FLOOR_MS, 0, 600_000),
  ARXIV_TIMEOUT_MS: int(30_000, 100, 600_000),
  ARXIV_MAX_RESPONSE_BYTES: int(60 * 1024 * 1024, 1024, 1024 * 1024 * 1024),

  NOTION_TOKEN: optionalString,
  NOTION_DATABASE_ID: optionalString,
  NOTION_API_URL: url('https://api.notion.com'),

  DISCORD_TOKEN: optionalString,
  DISCORD_APPLICATION_ID: optionalString,
  DISCORD_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, {
        message: 'must be the 64-hex-digit public key from the Discord developer portal',
      })
      .optional(),
  ),
  DISCORD_API_URL: url('https://discord.com/api/v10'),
  DISCORD_WEBHOOK_URL: optionalUrl,
  /** Slack incoming webhook: the default Slack destination (adapters/publish/slack.ts). */
  SLACK_WEBHOOK_URL: optionalUrl,
  /** The origin Slack webhook URLs must be on (a loopback fake in tests). */
  SLACK_API_URL: url('https://hooks.slack.com'),
  DISCORD_CHANNEL_ID: optionalString,
  DISCORD_MANAGER_ROLE: optionalString,
  DISCORD_INTERACTIONS_ADDR: optionalString,
  DISCORD_USER_BURST: int(3, 1, 100),
  DISCORD_USER_REFILL_SECONDS: int(20, 1, 3600),

  LLM_BASE_URL: optionalUrl,
  LLM_MODEL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_TIMEOUT_MS: int(60_000, 1000, 600_000),
  /** The longest one LLM call may take in all (LLM_TIMEOUT_MS bounds silence only). */
  LLM_TOTAL_TIMEOUT_MS: int(300_000, 1000, 3_600_000),
  LLM_MAX_TOKENS: int(800, 16, 32_000),

  /** Research agent (chat, Discord /ask, MCP agent_ask): most LLM calls in one turn. */
  AGENT_MAX_STEPS: int(8, 1, 50),
  /** Characters of tool output kept in the agent's context per turn (each result is cut to fit). */
  AGENT_MAX_TOOL_CHARS: int(24_000, 1000, 1_000_000),
  /** Wall-time budget of one agent turn; when it runs out the agent answers with what it has. */
  AGENT_MAX_SECONDS: int(180, 5, 3600),
  /**
   * JSON file listing external MCP servers whose tools the agent may use (`{"mcpServers": {...}}`):
   * read and parsed here, once; the config carries its servers as MCP_SERVERS.
   */
  MCP_SERVERS_FILE: optionalString.transform((file, ctx) => {
    if (file === undefined) return undefined;
    const read = readMcpServersFile(file);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }
    return { file, servers: read.servers };
  }),

  RERANK_MODEL: z.string().trim().min(1).default('Xenova/ms-marco-MiniLM-L-6-v2'),
  RERANK_DTYPE: z.enum(['fp32', 'fp16', 'q8', 'int8', 'uint8', 'q4']).default('q8'),
  MODELS_DIR: optionalString,
  HF_ENDPOINT: url('https://huggingface.co'),

  CONVERT_TIMEOUT_MS: int(120_000, 1000, 3_600_000),
  CONVERT_MAX_BYTES: int(50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  CONVERT_MAX_MEMORY_MB: int(DEFAULT_CONVERT_MAX_MEMORY_MB, 64, 16_384),

  DIGEST_CRON: z
    .string()
    .trim()
    .default(DEFAULT_DIGEST_CRON)
    .superRefine((v, ctx) => {
      const problem = cronProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `is not a valid cron expression: ${problem}` });
    }),
  DIGEST_TIMEZONE: z.string().trim().min(1).default('America/New_York'),
  DIGEST_TOP_K: int(5, 1, 50),
  DIGEST_CATCHUP_DAYS: int(DEFAULT_CATCHUP_DAYS, 0, 60),
  /** Heartbeat timeout of a digest publish: how soon a publish lost with a crashed worker is retried. */
  DIGEST_PUBLISH_HEARTBEAT_SECONDS: int(DEFAULT_PUBLISH_HEARTBEAT_SECONDS, 5, 600),

  MCP_HTTP_ADDR: optionalString,
  MCP_TOKEN: optionalString,

  /** The web app `start` serves (`web` runs it alone); `off` turns it off. Non-loopback requires WEB_TOKEN. */
  WEB_ADDR: z.string().trim().default('127.0.0.1:8080'),
  /** Sign-in token of the web app (required off loopback). */
  WEB_TOKEN: optionalString,
  /** OpenAI-compatible audio server (…/v1): /audio/transcriptions and /audio/speech for voice in the web app. */
  AUDIO_BASE_URL: optionalUrl,
  AUDIO_API_KEY: optionalString,
  STT_MODEL: z.string().trim().min(1).default('whisper-1'),
  TTS_MODEL: z.string().trim().min(1).default('tts-1'),
  TTS_VOICE: z.string().trim().min(1).default('alloy'),
  /** Largest recording the web app accepts for transcription (the OpenAI API takes up to 25 MB). */
  AUDIO_MAX_BYTES: int(10 * 1024 * 1024, 1024, 25 * 1024 * 1024),
  /** Longest recording: the browser stops recording after this many seconds. */
  AUDIO_MAX_SECONDS: int(60, 1, 600),

  /** Crash tests only: comma-separated failpoints where the process stops itself (lib/failpoints.ts). */
  FAILPOINTS: optionalString,
});

type BaseConfig = z.infer<typeof BaseSchema>;

/** Every variable the service reads (for tests that must cover them all). */
export const CONFIG_KEYS = Object.keys(BaseSchema.shape) as ReadonlyArray<keyof BaseConfig>;

/**
 * Rules across variables. Runs on the fields that parsed on their own, so one bad variable does
 * not hide another problem.
 */
function crossFieldProblems(c: Partial<BaseConfig>): string[] {
  const problems: string[] = [];
  if (c.ARXIV_MIN_INTERVAL_MS !== undefined && c.ARXIV_MIN_INTERVAL_MS < ARXIV_FLOOR_MS) {
    for (const key of [
      'ARXIV_API_URL',
      'ARXIV_RSS_URL',
      'ARXIV_WEB_URL',
      'ARXIV_OAI_URL',
      'ARXIV_AR5IV_URL',
    ] as const) {
      const value = c[key];
      if (value && isArxivHost(new URL(value).hostname)) {
        problems.push(
          `ARXIV_MIN_INTERVAL_MS: must be at least ${ARXIV_FLOOR_MS} while ${key} points at arXiv (arXiv terms of use: one request per 3 s)`,
        );
        break;
      }
    }
  }
  if (c.NOTION_TOKEN && !c.NOTION_DATABASE_ID)
    problems.push('NOTION_DATABASE_ID: is required when NOTION_TOKEN is set');
  if (c.LLM_BASE_URL && !c.LLM_MODEL) problems.push('LLM_MODEL: is required when LLM_BASE_URL is set');
  // Listener addresses and the secrets guarding them: the same rules the listeners apply.
  problems.push(...mcpHttpProblems(c.MCP_HTTP_ADDR, c.MCP_TOKEN));
  problems.push(...interactionsProblems(c.DISCORD_INTERACTIONS_ADDR, c.DISCORD_PUBLIC_KEY));
  problems.push(...webProblems(c.WEB_ADDR, c.WEB_TOKEN));
  if (c.DIGEST_TIMEZONE && !isTimeZone(c.DIGEST_TIMEZONE)) {
    problems.push('DIGEST_TIMEZONE: is not an IANA time zone (e.g. Europe/Berlin)');
  }
  return problems;
}

export type Config = Readonly<
  Omit<BaseConfig, 'MCP_SERVERS_FILE'> & {
    MODELS_DIR: string;
    MCP_SERVERS_FILE: string | undefined;
    /** The servers MCP_SERVERS_FILE lists (parsed once, by loadConfig); empty without the file. */
    MCP_SERVERS: readonly McpServerSpec[];
  }
>;

/** Variables whose values are never printed. */
export const SECRET_KEYS = [
  'NOTION_TOKEN',
  'DISCORD_TOKEN',
  'LLM_API_KEY',
  'MCP_TOKEN',
  'DISCORD_WEBHOOK_URL',
  'SLACK_WEBHOOK_URL',
  'WEB_TOKEN',
  'AUDIO_API_KEY',
] as const;

/** Invalid configuration: `problems` lists every variable that is wrong and why. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID' as const;
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable.`,
    );
    this.name = 'ConfigError';
  }
}

/** Reads `.env` in the working directory, if present. Real environment variables win over it. */
export function readDotEnv(file = path.resolve('.env')): Record<string, string> {
  if (!existsSync(file)) return {};
  return parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Validates the environment (plus `.env`) into a frozen Config, or throws ConfigError listing every problem. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  dotenv: Record<string, string> = readDotEnv(),
): Config {
  const merged: Record<string, string | undefined> = { ...dotenv };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) merged[k] = v;
  const shape = BaseSchema.shape;
  const input = Object.fromEntries(
    Object.keys(shape).map((k) => [k, merged[k] === '' ? undefined : merged[k]]),
  );
  // Secrets are known before anything can print them (a problem below, a log line, an error).
  registerSecrets(SECRET_KEYS.map((k) => input[k]));
  registerSecrets(
    Object.values(input).flatMap((v) => (typeof v === 'string' && v.includes('://') ? urlSecrets(v) : [])),
  );
  const problems: string[] = [];
  const partial: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const r = (schema as z.ZodType).safeParse(input[key]);
    if (r.success) {
      partial[key] = r.data;
      continue;
    }
    const shown =
      SECRET_KEYS.includes(key as (typeof SECRET_KEYS)[number]) || input[key] === undefined
        ? ''
        : ` (got ${JSON.stringify(redact(String(input[key])))})`;
    for (const issue of r.error.issues) problems.push(`${key}: ${issue.message}${shown}`);
  }
  problems.push(...crossFieldProblems(partial as Partial<BaseConfig>));
  if (problems.length > 0) throw new ConfigError(problems);
  const { MCP_SERVERS_FILE: mcp, ...base } = partial as BaseConfig;
  return Object.freeze({
    ...base,
    MODELS_DIR: path.resolve(base.MODELS_DIR ?? path.join(base.DATA_DIR, 'models')),
    MCP_SERVERS_FILE: mcp?.file,
    MCP_SERVERS: Object.freeze(mcp?.servers ?? []),
  });
}

/** The config with secrets masked, for printing: secret variables as `****`, credentials inside URLs masked. */
export function maskedConfig(config: Config): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) {
    // Derived from MCP_SERVERS_FILE (printed as its path); the servers' env and headers may hold secrets.
    if (k === 'MCP_SERVERS') continue;
    out[k] =
      SECRET_KEYS.includes(k as (typeof SECRET_KEYS)[number]) && v
        ? '****'
        : typeof v === 'string' && v.includes('://')
          ? maskUrl(v)
          : v;
  }
  return out;
}
