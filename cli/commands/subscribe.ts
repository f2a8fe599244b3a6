/** `subscribe`, `unsubscribe`, `subscriptions`: scheduled topic digests, each kept as a Temporal Schedule. */
import type { Command } from 'commander';
import { feedCoverageWarning } from '../../domain/cron.ts';
import { hasScope } from '../../domain/subscription.ts';
import { subscriptionRequestOf } from '../../app/capabilities/subscribe.ts';
import type { DeliveryReport, SubscriptionRequest, SubscriptionView } from '../../app/radar-service.ts';

const DESTINATION_NAMES: Record<string, string> = {
  notion: 'Notion',
  discord: 'Discord',
  markdown: 'Markdown folder',
};
/** A destination's name for people; registered ones are named by their kind (slack → Slack). */
const destinationName = (kind: string) =>
  DESTINATION_NAMES[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
import { AppError } from '../../domain/errors.ts';
import { inRange, MAX_TOP_K, MIN_TOP_K } from '../../domain/limits.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';

function describe(s: SubscriptionView, report?: DeliveryReport): string {
  const where = [
    s.destinations.markdown ? 'markdown' : null,
    s.destinations.notion ? 'notion' : null,
    s.destinations.discordChannelId ? `discord #${s.destinations.discordChannelId}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const pending = (report?.pending ?? []).map((p) =>
    p.failures.length === 0
      ? `  pending:    the ${p.announcement} digest (not yet everywhere; the next run publishes it)`
      : `  pending:    the ${p.announcement} digest: ${p.failures.map((f) => `${destinationName(f.destination)} failing since ${f.since.slice(0, 16).replace('T', ' ')} UTC: ${f.message}`).join('; ')}`,
  );
  return [
    `${s.name}${s.paused ? ' (paused)' : ''}`,
    `  interest:   ${s.interest}`,
    s.query ? `  query:      ${s.query}` : null,
    s.categories.length ? `  categories: ${s.categories.join(', ')}` : null,
    `  schedule:   ${s.cron} (${s.timezone}), top ${s.topK}, min score ${s.minScore}`,
    `  sends to:   ${report ? report.sendsTo.join(', ') : where || 'markdown'}`,
    ...pending,
  ]
    .filter(Boolean)
    .join('\n');
}

const positiveInt = (v: string) => {
  const n = Number(v);
  if (!inRange(n, MIN_TOP_K, MAX_TOP_K))
    throw new AppError(
      'INVALID_INPUT',
      `--top must be a whole number from ${MIN_TOP_K} to ${MAX_TOP_K} (got "${v}").`,
    );
  return n;
};

const score = (v: string) => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n))
    throw new AppError('INVALID_INPUT', `--min-score must be a number, e.g. 0 or 1.5 (got "${v}").`);
  return n;
};

/** `--target kind=value`, repeatable: a registered destination's own target ('' removes it). */
const target = (v: string, prior: Record<string, string | null> = {}) => {
  const eq = v.indexOf('=');
  if (eq < 1)
    throw new AppError(
      'INVALID_INPUT',
      `--target must be <destination>=<target>, e.g. slack=https://hooks.slack.com/services/… (got "${v.slice(0, 40)}").`,
    );
  return { ...prior, [v.slice(0, eq).trim()]: v.slice(eq + 1).trim() || null };
};

export interface SubscribeOptions {
  like?: string[];
  query?: string;
  interest: string;
  categories?: string;
  cron?: string;
  tz?: string;
  notion?: boolean;
  discordChannel?: string;
  discordWebhook?: string;
  target?: Record<string, string | null>;
  top?: number;
  minScore?: number;
  replacements?: boolean;
  crossLists: boolean;
  json?: boolean;
}

/** Where digests go: the built-in destinations' options and `--target` for the registered ones. */
function destinationOptions(cmd: Command): Command {
  return cmd
    .option('--notion', 'also publish to Notion (NOTION_TOKEN, NOTION_DATABASE_ID)')
    .option(
      '--discord-channel <id>',
      'post to this Discord channel (DISCORD_TOKEN); default DISCORD_WEBHOOK_URL, else DISCORD_CHANNEL_ID',
    )
    .option(
      '--discord-webhook <url>',
      "post through this Discord webhook (https://discord.com/api/webhooks/<id>/<token>); '' removes it",
    )
    .option(
      '--target <destination=target>',
      "the subscription's own target at another destination, repeatable, e.g. slack=https://hooks.slack.com/services/T…/B…/… (default SLACK_WEBHOOK_URL); 'slack=' removes it",
      target,
    );
}

/**
 * The options as the subscribe capability's request, through the one request builder (MCP, the
 * agent, the bot and the web form use it too). A query or Discord channel not given clears the
 * stored one; `--categories ''` clears the categories, `--discord-webhook ''` removes the webhook, `--target slack=` the Slack target.
 */
export function subscribeRequestOf(name: string, opts: SubscribeOptions): SubscriptionRequest {
  const categories = opts.categories?.split(/[,\s]+/).filter(Boolean);
  if (!hasScope({ query: opts.query, categories })) {
    throw new AppError(
      'INVALID_INPUT',
      'Give --query or --categories (or both) so the digest knows what to look at.',
    );
  }
  return subscriptionRequestOf({
    name,
    interest: opts.interest,
    query: opts.query ?? null,
    // `--categories ''` clears the stored categories; not given keeps them.
    categories: opts.categories === undefined ? undefined : categories?.length ? categories : null,
    schedule: opts.cron,
    timezone: opts.tz,
    top_k: opts.top,
    min_score: opts.minScore,
    notion: opts.notion,
    include_replacements: opts.replacements,
    include_cross_lists: opts.crossLists,
    discord_channel_id: opts.discordChannel ?? null,
    discord_webhook_url: opts.discordWebhook === undefined ? undefined : opts.discordWebhook || null,
    targets: opts.target,
    like: opts.like,
  });
}

async function runSubscribe(name: string, opts: SubscribeOptions, cmd: Command): Promise<void> {
  const request = subscribeRequestOf(name, opts);
  await withService(cmd, async (service, ctx) => {
    const s = await service.subscribe(request, { signal: ctx.signal });
    if (opts.json) printJson(s);
    else
      process.stdout.write(
        `Subscribed; the schedule is in Temporal.\n${describe(
          s,
          (await service.deliveryReport()).find((r) => r.name === s.name),
        )}\n${opts.like?.length ? `  seed papers: ${opts.like.length} (rated 👍)\n` : ''}`,
      );
    const coverage = feedCoverageWarning(s.cron, s.timezone);
    if (coverage) process.stderr.write(`Warning: ${coverage}.\n`);
  });
}

/** `subscribe`; `action` replaces what it does with the parsed options (a test reads them). */
export function registerSubscribe(
  program: Command,
  action: (name: string, opts: SubscribeOptions, cmd: Command) => Promise<void> = runSubscribe,
): void {
  const cmd = program
    .command('subscribe')
    .description('create or update a scheduled topic digest')
    .argument('<name>', 'unique name: lowercase letters, digits and -')
    .option(
      '--query <arxiv-query>',
      'arXiv search query the papers must match, e.g. \'abs:"diffusion model" AND cat:cs.CV\'',
    )
    .requiredOption('--interest <text>', 'what you care about, in plain language (used for ranking)')
    .option(
      '--categories <list>',
      'arXiv categories whose daily announcements to read, comma-separated (e.g. cs.LG,stat.ML)',
    )
    .option(
      '--cron <expr>',
      'when to run (5-field cron); default DIGEST_CRON: 01:15 and 07:15 ET, Monday-Friday, after each arXiv feed',
    )
    .option('--tz <zone>', 'IANA time zone of the cron');
  destinationOptions(cmd)
    .option('--top <k>', 'papers per digest', positiveInt)
    .option(
      '--min-score <n>',
      'relevance floor: only papers scoring above it are sent (default 0: BM25 0 means no word of the interest)',
      score,
    )
    .option('--replacements', 'include replaced (updated) papers')
    .option('--no-cross-lists', 'leave out cross-listed papers')
    .option(
      '--like <ids...>',
      'seed papers you already know are relevant (arXiv ids or URLs; fetched from arXiv when not in the library)',
    )
    .option('--json', 'machine-readable output')
    .action(action);
}

export function register(program: Command): void {
  registerSubscribe(program);

  program
    .command('unsubscribe')
    .description('delete a subscription and its schedule (digests already sent stay)')
    .argument('<name>')
    .action(async (name: string, _opts, cmd: Command) => {
      await withService(cmd, async (service) => {
        const removed = await service.unsubscribe(name);
        if (!removed)
          throw new AppError(
            'NOT_FOUND',
            `No subscription named "${name}". List them with \`arxiv-radar subscriptions\`.`,
          );
        process.stdout.write(`Unsubscribed ${name}; its schedule is deleted.\n`);
      });
    });

  program
    .command('subscriptions')
    .description('list subscriptions')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      await withService(cmd, async (service) => {
        const subs = await service.listSubscriptions();
        const reports = new Map((await service.deliveryReport()).map((r) => [r.name, r]));
        if (opts.json)
          return printJson(
            subs.map((s) => ({
              ...s,
              sendsTo: reports.get(s.name)?.sendsTo,
              pending: reports.get(s.name)?.pending,
            })),
          );
        process.stdout.write(
          subs.length
            ? `${subs.map((s) => describe(s, reports.get(s.name))).join('\n\n')}\n`
            : 'No subscriptions yet. Create one with `arxiv-radar subscribe`.\n',
        );
      });
    });
}
