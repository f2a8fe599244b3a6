/**
 * The bot's brain, independent of how interactions arrive: checks permissions and the per-user
 * limit, validates options, defers within Discord's 3 s window, runs the command layer, then edits
 * the deferred reply. Errors reach the user short, ephemeral and actionable.
 */
import type { AgentService } from '../app/agent-service.ts';
import type { RadarService } from '../app/radar-service.ts';
import { errorMessage, isAppError, isUserErrorCode } from '../domain/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { CommandContext } from './command.ts';
import { SLASH_COMMANDS } from './commands/index.ts';
import { listPage } from './commands/list.ts';
import { COLOR, errorMessageFor, parseProposalButtonId } from './format.ts';
import { DISCORD_LIMITS as LIMITS, truncate } from '../domain/discord-limits.ts';
import { createListState, parseListButtonId, type ListState } from './list-state.ts';
import { canManageSubscriptions } from './permissions.ts';
import { parseRatingButtonId } from '../domain/rating.ts';
import { createRateLimiter, type RateLimiter, type RateLimitOptions } from '../lib/rate-limit.ts';
import type {
  AutocompleteChoice,
  AutocompleteInvocation,
  BotMessage,
  CommandInvocation,
  ComponentInvocation,
  InteractionResponder,
} from './types.ts';

/** Per user: 3 expensive commands at once, then one every 20 s (deployments set DISCORD_USER_BURST/_REFILL_SECONDS: start.ts). */
const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 3, refillMs: 20_000 };

export interface BotDeps {
  service: RadarService;
  /** The research agent: `/arxiv ask` runs it when an LLM is configured (else the library answers). */
  agent?: AgentService | undefined;
  logger: Logger;
  /** Role id that may manage subscriptions besides members with Manage Channels (DISCORD_MANAGER_ROLE). */
  managerRoleId?: string | null;
  /** Per-user limit on search, paper, ask and digest. */
  rateLimit?: RateLimitOptions;
  listPageSize?: number;
  listState?: ListState;
  /** ARXIV_SITE_URL: the origin of the paper links the bot builds from ids (arXiv's when unset). */
  arxivOrigin?: string | undefined;
}

export interface Bot {
  handleCommand(inv: CommandInvocation, respond: InteractionResponder): Promise<void>;
  handleComponent(inv: ComponentInvocation, respond: InteractionResponder): Promise<void>;
  autocomplete(inv: AutocompleteInvocation): Promise<AutocompleteChoice[]>;
}

/** How long after the command the bot still works on it: the token's 15 minutes, less a margin to answer. */
const INTERACTION_LIFETIME_MS = 14 * 60_000;

/** Turns any failure into a message the user can act on; internal details stay in the log. */
export function userFacingError(e: unknown): string {
  if (isAppError(e)) {
    if (isUserErrorCode(e.code)) return truncate(e.message, 1000);
    switch (e.code) {
      case 'RATE_LIMITED':
      case 'ARXIV_RATE_LIMITED':
        return 'arXiv is rate-limiting us right now. Try again in a minute.';
      case 'TIMED_OUT':
        return truncate(e.message, 300);
      case 'TEMPORAL_UNAVAILABLE':
        return 'The radar service is not reachable. Ask an admin to run `arxiv-radar doctor`.';
      default:
        return `That failed (${e.code}): ${truncate(e.message, 300)}`;
    }
  }
  return 'Something went wrong on our side. Try again later.';
}

/** What the bot's handlers share: its deps and the state built from them. */
interface BotState {
  deps: BotDeps;
  limiter: RateLimiter;
  listState: ListState;
  listPageSize: number;
  managerRoleId: string | null;
  log: Logger;
}

/** Creates the bot around the command layer. */
export function createBot(deps: BotDeps): Bot {
  const state: BotState = {
    deps,
    limiter: createRateLimiter(deps.rateLimit ?? DEFAULT_RATE_LIMIT),
    listState: deps.listState ?? createListState(),
    listPageSize: deps.listPageSize ?? 10,
    managerRoleId: deps.managerRoleId ?? null,
    log: deps.logger,
  };
  return {
    handleCommand: (inv, respond) => handleCommand(state, inv, respond),
    async handleComponent(inv, respond) {
      const decision = parseProposalButtonId(inv.customId);
      if (decision) return decideProposal(state, decision, inv, respond);
      const rate = parseRatingButtonId(inv.customId);
      if (rate) return ratePaper(state, rate, inv, respond);
      return turnListPage(state, inv, respond);
    },
    autocomplete: (inv) => autocompleteName(state, inv),
  };
}

/** Who may manage subscriptions, said to someone who may not. */
const needsManager = (managerRoleId: string | null) =>
  errorMessageFor(
    `Managing subscriptions needs the Manage Channels permission${managerRoleId ? ` or the <@&${managerRoleId}> role` : ''}. Ask a server admin.`,
  );

/** Replaces the deferred reply by an ephemeral error (a public "thinking…" must not linger). */
async function failAfterDefer(log: Logger, respond: InteractionResponder, text: string): Promise<void> {
  try {
    await respond.deleteOriginal();
    await respond.followUp(errorMessageFor(text));
  } catch (e) {
    log.warn({ err: errorMessage(e) }, 'could not send the error follow-up; editing the reply instead');
    await respond.editOriginal({ ...errorMessageFor(text), ephemeral: false });
  }
}

/** A slash command: checked (known, permitted, valid options, under the user's limit), deferred, run. */
async function handleCommand(
  b: BotState,
  inv: CommandInvocation,
  respond: InteractionResponder,
): Promise<void> {
  const command = SLASH_COMMANDS.get(inv.subcommand);
  if (!command) {
    await respond.reply(
      errorMessageFor(
        `Unknown command "${inv.subcommand}". Run \`arxiv-radar discord deploy-commands\` to refresh the command list.`,
      ),
    );
    return;
  }
  if (command.manages && !canManageSubscriptions(inv, b.managerRoleId)) {
    await respond.reply(needsManager(b.managerRoleId));
    return;
  }
  let work: (ctx: CommandContext) => Promise<BotMessage>;
  try {
    work = command.prepare(inv);
  } catch (e) {
    await respond.reply(errorMessageFor(userFacingError(e)));
    return;
  }
  if (command.expensive) {
    const waitMs = b.limiter.take(inv.userId);
    if (waitMs > 0) {
      await respond.reply(
        errorMessageFor(
          `You are going fast: try \`/arxiv ${command.name}\` again in ${Math.ceil(waitMs / 1000)} s.`,
        ),
      );
      return;
    }
  }
  await respond.defer();
  await runDeferred(b, command.name, work, inv, respond);
}

/** Runs a deferred command: progress edits, an optional thread, follow-up posts, then the answer. */
async function runDeferred(
  b: BotState,
  name: string,
  work: (ctx: CommandContext) => Promise<BotMessage>,
  inv: CommandInvocation,
  respond: InteractionResponder,
): Promise<void> {
  // Progress edits are chained so none can land after the final answer.
  let chain: Promise<void> = Promise.resolve();
  let lastProgressAt = 0;
  const progress = (message: string) => {
    const now = Date.now();
    if (now - lastProgressAt < 1500) return;
    lastProgressAt = now;
    chain = chain
      .then(() => respond.editOriginal({ content: `⏳ ${truncate(message, 200)}` }))
      .catch(() => undefined);
  };
  // The interaction token expires 15 minutes after the command (discord.com/developers/docs/interactions/receiving-and-responding):
  // work still running then has nobody to answer, so it is cancelled.
  const signal = AbortSignal.timeout(INTERACTION_LIFETIME_MS);
  try {
    const startThread = async (threadName: string): Promise<string | null> => {
      if (!respond.startThread || !inv.guildId) return null;
      await chain;
      try {
        return await respond.startThread(threadName);
      } catch (e) {
        b.log.warn(
          { err: errorMessage(e), command: name },
          'could not start a thread on the reply; follow-ups will not continue the conversation',
        );
        return null;
      }
    };
    const post = (message: BotMessage): Promise<void> => {
      const shown = chain.then(() => respond.editOriginal({ content: '', ...message }));
      chain = shown.catch(() => undefined);
      return shown;
    };
    const message = await work({
      service: b.deps.service,
      agent: b.deps.agent,
      invoker: inv,
      progress,
      signal,
      listState: b.listState,
      listPageSize: b.listPageSize,
      arxivOrigin: b.deps.arxivOrigin,
      startThread,
      post,
    });
    await chain;
    await respond.editOriginal({ content: '', ...message });
  } catch (e) {
    await chain;
    b.log.warn({ err: errorMessage(e), command: name, user: inv.userId }, 'command failed');
    await failAfterDefer(b.log, respond, userFacingError(e));
  }
}

/** Consent bound to a proposal: the asker's own button press applies it, never the model. */
async function decideProposal(
  b: BotState,
  decision: NonNullable<ReturnType<typeof parseProposalButtonId>>,
  inv: ComponentInvocation,
  respond: InteractionResponder,
): Promise<void> {
  if (!b.deps.agent) {
    await respond.reply(errorMessageFor('The research agent is not running here.'));
    return;
  }
  if (decision.decision === 'confirm' && !canManageSubscriptions(inv, b.managerRoleId)) {
    await respond.reply(needsManager(b.managerRoleId));
    return;
  }
  try {
    const done = await b.deps.agent[decision.decision](decision.id, { owner: inv.userId });
    await respond.reply({
      embeds: [
        {
          description: truncate(
            decision.decision === 'confirm'
              ? `Applied: ${done.proposal.title}.`
              : `Declined: ${done.proposal.title}; nothing changed.`,
            1000,
          ),
          color: decision.decision === 'confirm' ? COLOR.ok : COLOR.brand,
        },
      ],
    });
  } catch (e) {
    await respond.reply(errorMessageFor(userFacingError(e)));
  }
}

/** A 👍/👎 under a published digest: stored at once, acknowledged only to who pressed it. */
async function ratePaper(
  b: BotState,
  rate: NonNullable<ReturnType<typeof parseRatingButtonId>>,
  inv: ComponentInvocation,
  respond: InteractionResponder,
): Promise<void> {
  try {
    const r = await b.deps.service.ratePaper({
      subscription: rate.subscription,
      paper: rate.arxivId,
      rating: rate.rating,
      source: 'discord',
    });
    await respond.reply({
      content: `Rated ${rate.rating === 'up' ? '👍' : '👎'} arXiv:${r.paper.id} for **${rate.subscription}**; its next digest learns from it.`,
      ephemeral: true,
    });
  } catch (e) {
    b.log.warn({ err: errorMessage(e), user: inv.userId }, 'rating from a button failed');
    await respond.reply(errorMessageFor(userFacingError(e)));
  }
}

/** A list's next or previous page, in place. */
async function turnListPage(
  b: BotState,
  inv: ComponentInvocation,
  respond: InteractionResponder,
): Promise<void> {
  const parsed = parseListButtonId(inv.customId);
  if (!parsed) {
    await respond.reply(errorMessageFor('This button is not one of mine any more. Run the command again.'));
    return;
  }
  const filters = b.listState.get(parsed.key);
  if (!filters) {
    await respond.reply(errorMessageFor('This list has expired. Run `/arxiv list` again.'));
    return;
  }
  await respond.deferUpdate();
  try {
    await respond.editOriginal(
      await listPage(b.deps.service, parsed.key, filters, parsed.offset, b.listPageSize, b.deps.arxivOrigin),
    );
  } catch (e) {
    b.log.warn({ err: errorMessage(e) }, 'list page failed');
    await respond.followUp(errorMessageFor(userFacingError(e)));
  }
}

/** Subscription names for the `name` option, matching what was typed. */
async function autocompleteName(b: BotState, inv: AutocompleteInvocation): Promise<AutocompleteChoice[]> {
  if (inv.focused.name !== 'name') return [];
  const typed = inv.focused.value.toLowerCase();
  try {
    const subs = await b.deps.service.listSubscriptions();
    return subs
      .filter((s) => s.name.toLowerCase().includes(typed))
      .slice(0, LIMITS.autocompleteChoices)
      .map((s) => ({
        name: truncate(`${s.name} — ${s.interest}`, LIMITS.choiceLength),
        value: s.name.slice(0, LIMITS.choiceLength),
      }));
  } catch (e) {
    b.log.warn({ err: errorMessage(e) }, 'autocomplete failed');
    return [];
  }
}
