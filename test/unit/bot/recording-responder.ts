/** An InteractionResponder that records every call, for handler tests. */
import type { BotMessage, InteractionResponder } from '../../../bot/types.ts';

export interface Recorded {
  kind: 'reply' | 'defer' | 'deferUpdate' | 'editOriginal' | 'deleteOriginal' | 'followUp';
  message?: BotMessage;
}

export function recordingResponder(): InteractionResponder & {
  log: Recorded[];
  last(kind: Recorded['kind']): BotMessage | undefined;
} {
  const log: Recorded[] = [];
  return {
    log,
    last: (kind) => log.filter((r) => r.kind === kind).at(-1)?.message,
    reply: async (message) => void log.push({ kind: 'reply', message }),
    defer: async () => void log.push({ kind: 'defer' }),
    deferUpdate: async () => void log.push({ kind: 'deferUpdate' }),
    editOriginal: async (message) => void log.push({ kind: 'editOriginal', message }),
    deleteOriginal: async () => void log.push({ kind: 'deleteOriginal' }),
    followUp: async (message) => void log.push({ kind: 'followUp', message }),
  };
}
