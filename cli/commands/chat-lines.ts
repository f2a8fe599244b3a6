/**
 * The chat's input lines, in order, with one exception: an answer to a yes/no question must be
 * typed after the question appeared. Lines typed ahead while the agent was thinking stay queued as
 * the next inputs; they never answer a question they could not have seen (chat-consent.ts).
 */
import type readline from 'node:readline';

export interface ChatLines {
  /** The next line (one typed ahead first); null at the end of input. */
  next(): Promise<string | null>;
  /** The next line typed from now on (lines typed ahead stay queued); null at the end of input. */
  fresh(): Promise<string | null>;
}

export function chatLines(rl: readline.Interface): ChatLines {
  const queued: string[] = [];
  let closed = false;
  let freshWaiter: ((line: string | null) => void) | null = null;
  let nextWaiter: ((line: string | null) => void) | null = null;
  const take = (w: ((line: string | null) => void) | null, line: string | null) => w?.(line);
  rl.on('line', (line: string) => {
    if (freshWaiter) {
      const w = freshWaiter;
      freshWaiter = null;
      w(line);
    } else if (nextWaiter) {
      const w = nextWaiter;
      nextWaiter = null;
      w(line);
    } else queued.push(line);
  });
  rl.on('close', () => {
    closed = true;
    take(freshWaiter, null);
    take(nextWaiter, null);
    freshWaiter = nextWaiter = null;
  });
  return {
    next() {
      if (queued.length) return Promise.resolve(queued.shift()!);
      if (closed) return Promise.resolve(null);
      return new Promise((resolve) => (nextWaiter = resolve));
    },
    fresh() {
      if (closed) return Promise.resolve(null);
      return new Promise((resolve) => (freshWaiter = resolve));
    },
  };
}
