/**
 * Structured logs (pino) on stderr, so stdout stays clean for data (--json, Markdown); quiet
 * (warn) by default. For people, on a terminal: one readable line per entry (`formatLine`). For
 * machines (stderr not a terminal, or LOG_FORMAT=json): JSON lines.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { redact as redactText } from './redact.ts';

export type { Logger };

/** `auto`: pretty on a terminal, JSON otherwise (config LOG_FORMAT). */
export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * Every serialized log line passes through lib/redact.ts on its way out: URLs with credentials
 * and configured secret values (e.g. an API key echoed in an upstream error) never reach the log,
 * whichever field or message carries them. Pretty lines are redacted again after formatting,
 * where strings appear unescaped.
 */
function redacting(dest: DestinationStream, pretty: PrettyOptions | null): DestinationStream {
  return {
    write: (line: string) =>
      dest.write(pretty ? redactText(formatLine(redactText(line), pretty)) : redactText(line)),
  };
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
// pino's own fields, shown as the level and message or not at all.
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg']);
const MAX_VALUE = 300;

export interface PrettyOptions {
  /** ANSI colour on the level (a terminal). */
  colour?: boolean;
  /** Print an `err`'s stack under the line (--verbose). */
  stacks?: boolean;
}

/**
 * One pino JSON line as one readable line: `WARN  message key=value key2="two words"`, the
 * level coloured with `colour`. An `err` shows its message (and its stack below with `stacks`);
 * nested objects print as compact JSON; newlines inside the message fold into ` | `.
 * Input that is not a JSON object is returned unchanged.
 */
export function formatLine(json: string, { colour = false, stacks = false }: PrettyOptions = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  if (typeof entry !== 'object' || entry === null) return json;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const tag = colour && COLOURS[level] ? `${COLOURS[level]}${name}\x1b[0m` : name;
  const parts = [tag, oneLine(String(entry.msg ?? ''))];
  let stack: string | undefined;
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: unknown; stack?: unknown };
      parts.push(`err=${quote(oneLine(String(err.message ?? '')))}`);
      if (stacks && typeof err.stack === 'string') stack = err.stack;
      continue;
    }
    parts.push(
      `${key}=${typeof value === 'string' ? quote(oneLine(value)) : truncate(JSON.stringify(value))}`,
    );
  }
  return `${parts.filter(Boolean).join(' ')}\n${stack ? `${stack}\n` : ''}`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' | ').trim();
}

function truncate(s: string): string {
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s;
}

/** A string value as is when it is one plain word, else JSON-quoted. */
function quote(s: string): string {
  const v = truncate(s);
  return v === '' || /[\s"=]/.test(v) ? JSON.stringify(v) : v;
}

/**
 * A pino logger on stderr (or `opts.destination`), honouring `level`, with secrets redacted.
 * `format` (LOG_FORMAT): `pretty` prints `formatLine` lines, `json` JSON lines, `auto` (default)
 * pretty when stderr is a terminal (coloured there).
 */
export function createLogger(
  level: string,
  opts: { format?: LogFormat; destination?: DestinationStream } = {},
): Logger {
  const tty = !opts.destination && Boolean(process.stderr.isTTY);
  const format = opts.format ?? 'auto';
  const pretty = format === 'pretty' || (format === 'auto' && tty);
  const redact = {
    paths: ['*.token', '*.apiKey', '*.authorization', 'headers.authorization'],
    censor: '****',
  };
  // Synchronous, so lines are out before a CLI exits.
  const dest = opts.destination ?? pino.destination({ dest: 2, sync: true });
  const stacks = level === 'debug' || level === 'trace';
  return pino({ level, redact }, redacting(dest, pretty ? { colour: tty, stacks } : null));
}

/** A logger that drops everything, for tests and library callers that pass none. */
export const silentLogger: Logger = pino({ level: 'silent' });
