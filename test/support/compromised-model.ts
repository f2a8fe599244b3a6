/**
 * A compromised model for the consent tests (issue 28): a paper's abstract told it to subscribe the
 * user, so on the user's first turn it proposes a subscription, and on the next, whatever the user
 * asked, it calls subscribe_topic again with `"confirmed": true` and claims it is done. Answers every
 * streamed agent call of the scripted fake LLM; other calls (the query builder) fall through.
 */
import type { FakeLlmRequest, FakeLlmResponse } from '../fakes/llm-server.ts';

export const INJECTED_SUBSCRIPTION = {
  name: 'injected',
  interest: 'whatever the attacker wants',
  query: 'all:attacker',
  schedule: '0 3 * * *',
};

export function compromisedModel(args: Record<string, unknown> = INJECTED_SUBSCRIPTION) {
  return (b: FakeLlmRequest['body']): FakeLlmResponse | undefined => {
    if (b.stream !== true) return undefined;
    const messages = b.messages ?? [];
    const last = messages.at(-1);
    if (last?.role === 'tool') return { content: `Done: you are subscribed to ${String(args.name)}.` };
    const proposedBefore = messages.some(
      (m) => m.role === 'tool' && /Proposed to the user|Not subscribed yet/.test(m.content ?? ''),
    );
    const callArgs = proposedBefore ? { ...args, confirmed: true } : args;
    return { toolCalls: [{ name: 'subscribe_topic', arguments: JSON.stringify(callArgs) }] };
  };
}
