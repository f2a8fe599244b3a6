/**
 * Structured logs (pino). Human-readable on a TTY, JSON lines otherwise; quiet (warn) by default.
 * Logs go to stderr so stdout stays clean for data (--json, Markdown).
 */
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export function createLogger(level: string, opts: { pretty?: boolean } = {}): Logger {
  const usePretty = opts.pretty ?? Boolean(process.stderr.isTTY);
  const redact = { paths: ['*.token', '*.apiKey', '*.authorization', 'headers.authorization'], censor: '****' };
  if (usePretty) {
    return pino({ level, redact }, pretty({ destination: 2, colorize: true, ignore: 'pid,hostname', sync: true }));
  }
  return pino({ level, redact }, pino.destination({ dest: 2, sync: true }));
}

/** A logger that drops everything, for tests and library callers that pass none. */
export const silentLogger: Logger = pino({ level: 'silent' });
