/**
 * Structured logs (pino). Human-readable on a TTY, JSON lines otherwise; quiet (warn) by default.
 * Logs go to stderr so stdout stays clean for data (--json, Markdown).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { redact as redactText } from './redact.ts';

export type { Logger };

/**
 * Every serialized log line passes through lib/redact.ts on its way out: URLs with credentials
 * and configured secret values (e.g. an API key echoed in an upstream error) never reach the log,
 * whichever field or message carries them.
 */
function redacting(dest: DestinationStream): DestinationStream {
  return { write: (line: string) => dest.write(redactText(line)) };
}

/** A pino logger on stderr (or `opts.destination`), honouring `level`, with secrets redacted. */
export function createLogger(level: string, opts: { pretty?: boolean; destination?: DestinationStream } = {}): Logger {
  const usePretty = opts.pretty ?? Boolean(process.stderr.isTTY);
  const redact = { paths: ['*.token', '*.apiKey', '*.authorization', 'headers.authorization'], censor: '****' };
  if (opts.destination) return pino({ level, redact }, redacting(opts.destination));
  if (usePretty) {
    return pino({ level, redact }, redacting(pretty({ destination: 2, colorize: true, ignore: 'pid,hostname', sync: true })));
  }
  return pino({ level, redact }, redacting(pino.destination({ dest: 2, sync: true })));
}

/** A logger that drops everything, for tests and library callers that pass none. */
export const silentLogger: Logger = pino({ level: 'silent' });
