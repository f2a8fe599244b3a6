/** Output helpers: data to stdout (JSON or text), messages to stderr. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function say(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Exit codes: 0 ok, 1 failure, 2 bad input or configuration (the user can fix it). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;
