/**
 * The chat's yes/no question for a proposal the agent made (consent bound to a proposal): asked
 * only on a terminal, showing exactly what would change; `y` applies that proposal, anything else
 * (Enter, another word, Ctrl-D) declines it. Piped input is never asked: a `y` written before the
 * proposal existed is not consent, so there the proposal waits for `/confirm <id>`.
 */
import type { AgentProposal, AgentReply, AgentService } from '../../app/agent-service.ts';

/** `Create the subscription "x" (query: "all:x"; …)? [y/N] ` */
export function consentQuestion(p: AgentProposal): string {
  const changes = p.changes.map((c) => c.replace(/\s+/g, ' ')).join('; ');
  return `${p.title}${changes ? ` (${changes})` : ''}? [y/N] `;
}

/** Only `y` or `yes` (any case) is a yes. */
export const isYes = (answer: string | null): boolean => answer !== null && /^y(es)?$/i.test(answer.trim());

/**
 * Asks about each confirmable proposal of `reply` in turn and applies or declines it.
 * `ask` prints the question and resolves to the user's line (null at the end of input).
 */
export async function askConsent(
  reply: AgentReply,
  ctx: {
    agent: AgentService;
    conversationId: string;
    ask: (question: string) => Promise<string | null>;
    out: (s: string) => void;
  },
): Promise<void> {
  for (const p of reply.proposals.filter((x) => x.confirmable)) {
    const yes = isYes(await ctx.ask(consentQuestion(p)));
    const who = { conversationId: ctx.conversationId };
    const done = yes ? await ctx.agent.confirm(p.id, who) : await ctx.agent.decline(p.id, who);
    ctx.out(
      yes ? `Applied: ${done.proposal.title}.\n` : `Declined: ${done.proposal.title}. Nothing changed.\n`,
    );
  }
}
