/** Results of the command layer as Discord messages, always within Discord's limits. */
import type { AgentReply } from '../app/agent-service.ts';
import type {
  Answer,
  DigestRunResult,
  ListResultOutput,
  PaperDocument,
  SearchResult,
  SubscriptionView,
} from '../app/radar-service.ts';
import { arxivLinks, versionedId } from '../domain/paper.ts';
import { DISCORD_LIMITS, truncate, type DiscordEmbed } from '../domain/discord-limits.ts';
import { fitMessage, longTextMessage, splitText } from './limits.ts';
import type { ActionRow, BotMessage, FileAttachment } from './types.ts';
import { redact } from '../lib/redact.ts';

export const COLOR = { brand: 0xb31b1b, ok: 0x2e7d32, warn: 0xf9a825, error: 0xc62828 } as const;

const authorsLine = (names: string[], max = 3) =>
  names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} et al.`;

/**
 * Search results: one field per paper with its TL;DR and links. A TL;DR from the abstract is
 * marked as such, with "full text on its way" while `pending` holds its id. Nothing found: the
 * query that ran, and the one broader query tried, marked as broader.
 */
export function searchMessage(r: SearchResult, opts: { pending?: ReadonlySet<string> } = {}): BotMessage {
  const fields = (papers: SearchResult['papers']) =>
    papers.slice(0, DISCORD_LIMITS.fields).map((p, i) => {
      const from =
        p.summarySource === 'abstract'
          ? opts.pending?.has(p.paper.id)
            ? ' _(from the abstract; full text on its way…)_'
            : ' _(from the abstract)_'
          : '';
      return {
        name: `${i + 1}. ${p.paper.title}`,
        value: [
          `${truncate(p.summary?.tldr ?? p.paper.abstract, 350 - from.length)}${from}`,
          `${authorsLine(p.paper.authors.map((a) => a.name))} · ${p.paper.published.slice(0, 10)} · [abs](${p.paper.links.abs})${p.paper.links.pdf ? ` · [pdf](${p.paper.links.pdf})` : ''}`,
        ].join('\n'),
      };
    });
  if (r.papers.length === 0) {
    const ran = `arXiv found nothing for \`${truncate(r.query, 500)}\`.`;
    if (!r.broader)
      return {
        embeds: [
          {
            title: 'No papers found',
            description: `${ran} Try other words or fewer filters.`,
            color: COLOR.warn,
          },
        ],
      };
    const b = r.broader;
    const tried = `Broader query (${b.why}): \`${truncate(b.query, 500)}\``;
    if (b.papers.length === 0)
      return {
        embeds: [
          {
            title: 'No papers found',
            description: `${ran}\n${tried} found nothing either. Try other words.`,
            color: COLOR.warn,
          },
        ],
      };
    return fitMessage({
      embeds: [
        {
          title: `No papers for your query: ${b.papers.length} for a broader one`,
          description: `${ran}\n${tried}`,
          color: COLOR.warn,
          fields: fields(b.papers),
          footer: { text: `Ranked by ${r.ranker}` },
        },
      ],
    });
  }
  const embed: DiscordEmbed = {
    title: r.papers.length === 1 ? 'Top paper' : `Top ${r.papers.length} papers`,
    description: `Query: \`${truncate(r.query, 1000)}\``,
    color: COLOR.brand,
    fields: fields(r.papers),
    footer: { text: `Ranked by ${r.ranker}` },
  };
  return fitMessage({ embeds: [embed] });
}

/** A file name safe for any id, including old-style ids with a slash (`astro-ph/0601001`). */
export function markdownFileName(id: string): string {
  return `${id.replace(/[^A-Za-z0-9.-]+/g, '_')}.md`;
}

/** One paper: summary, links, and the full Markdown attached as a file. */
export function paperMessage(doc: PaperDocument): BotMessage {
  const p = doc.paper;
  const id = versionedId(p);
  const summary = doc.summary;
  const description = summary
    ? [summary.tldr, '', ...summary.keyPoints.map((k) => `• ${k}`)].join('\n')
    : truncate(p.abstract, 1500);
  const links = [
    `[abs](${p.links.abs})`,
    p.links.pdf ? `[pdf](${p.links.pdf})` : null,
    p.links.html ? `[html](${p.links.html})` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const embed: DiscordEmbed = {
    title: p.title,
    url: p.links.abs,
    description,
    color: COLOR.brand,
    fields: [
      {
        name: 'Authors',
        value:
          authorsLine(
            p.authors.map((a) => a.name),
            8,
          ) || '—',
      },
      { name: 'Published', value: p.published.slice(0, 10), inline: true },
      { name: 'Categories', value: p.categories.join(', ') || p.primaryCategory, inline: true },
      { name: 'Links', value: links },
    ],
    footer: {
      text: `arXiv:${id} · full text ${doc.source ? `from ${doc.source.toUpperCase()}` : 'unavailable'}${doc.note ? ` (${doc.note})` : ''}`,
    },
  };
  return fitMessage({
    embeds: [embed],
    files: [
      {
        name: markdownFileName(id),
        data: Buffer.from(doc.markdown, 'utf8'),
        description: `Full text of arXiv:${id}`,
      },
    ],
  });
}

/** An answer with numbered citations; long answers are split or attached. */
export function answerMessage(question: string, a: Answer): BotMessage {
  const cites = a.citations
    .map((c, i) => `[${i + 1}] arXiv:${c.arxivId}${c.section ? ` — ${c.section}` : ''}`)
    .join('\n');
  return longTextMessage({
    title: question,
    text: a.answer,
    ...(cites ? { tail: `**Sources**\n${cites}` } : {}),
    color: COLOR.brand,
    footer: a.usedLlm
      ? 'Answered by the configured LLM from the library'
      : 'Extractive answer from the library',
    fileName: 'answer.md',
  });
}

/** Most cited papers shown as embeds under an agent answer (the answer's own embed is the tenth). */
const MAX_CITED_EMBEDS = 9;

/**
 * The research agent's answer: one embed with the answer (a preview, and the full text attached,
 * when it would not fit), then one small embed per cited paper (title linking to arXiv), all
 * within Discord's limits (10 embeds, 6000 characters together). `threadId`: where follow-ups go.
 */
export function agentAnswerMessage(
  question: string,
  r: AgentReply,
  opts: { threadId?: string | null } = {},
): BotMessage {
  const papers: DiscordEmbed[] = r.cited.slice(0, MAX_CITED_EMBEDS).map((c) => ({
    title: truncate(c.title ? c.title.replace(/\s+/g, ' ') : `arXiv:${c.id}`, DISCORD_LIMITS.title),
    url: c.url,
    description: `arXiv:${c.id}`,
    color: COLOR.ok,
  }));
  const more = r.cited.length - papers.length;
  const stats = `${r.steps} step${r.steps === 1 ? '' : 's'} · ${r.toolCalls} tool call${r.toolCalls === 1 ? '' : 's'} · ${(r.ms / 1000).toFixed(1)} s`;
  const footer = truncate(
    `Research agent · ${stats}${more > 0 ? ` · ${more} more cited paper${more === 1 ? '' : 's'} in the answer` : ''}`,
    DISCORD_LIMITS.footerText,
  );
  const title = truncate(question, DISCORD_LIMITS.title);
  const papersChars = papers.reduce((n, e) => n + (e.title?.length ?? 0) + (e.description?.length ?? 0), 0);
  // What is left of the 6000 for the answer's description, with a margin for the note below.
  const room = Math.min(
    DISCORD_LIMITS.description,
    DISCORD_LIMITS.embedsTotal - papersChars - title.length - footer.length - 100,
  );
  const answer = r.answer.trim() || '(no answer)';
  const head: DiscordEmbed = { title, color: COLOR.brand, footer: { text: footer } };
  let files: FileAttachment[] | undefined;
  if (answer.length <= room) {
    head.description = answer;
  } else {
    const sources = r.cited
      .map(
        (c, i) => `[${i + 1}] arXiv:${c.id}${c.title ? ` — ${c.title.replace(/\s+/g, ' ')}` : ''} ${c.url}`,
      )
      .join('\n');
    const full = `# ${question}\n\n${answer}\n${sources ? `\n## Sources\n${sources}\n` : ''}`;
    const note = `\n\n*…the full answer (${answer.length} characters) is attached as \`answer.md\`.*`;
    head.description = `${splitText(answer, Math.max(200, room - note.length))[0] ?? ''}${note}`;
    files = [{ name: 'answer.md', data: Buffer.from(full, 'utf8') }];
  }
  const content = opts.threadId
    ? `Follow-up questions: \`/arxiv ask\` in <#${opts.threadId}> continues this conversation.`
    : undefined;
  // Changes the agent proposed: the server's summary, applied only by the asker's own button.
  const shownProposals = r.proposals.slice(0, MAX_PROPOSAL_ROWS);
  const proposalEmbeds: DiscordEmbed[] = shownProposals.map((p) => ({
    title: truncate(`Proposed: ${p.title}`, DISCORD_LIMITS.title),
    description: truncate(
      `${p.changes.map((c) => `• ${c}`).join('\n')}\n\n${p.problem ? `Cannot be applied: ${p.problem}.` : p.confirmable ? 'Not applied. Only you can confirm it (until your next question is answered).' : 'Not applied.'}`,
      1000,
    ),
    color: COLOR.warn,
  }));
  const components: ActionRow[] = shownProposals
    .filter((p) => p.confirmable)
    .map((p) => ({
      type: 1,
      components: [
        { type: 2, style: 1, label: 'Confirm', custom_id: proposalButtonId('confirm', p.id) },
        { type: 2, style: 2, label: 'Decline', custom_id: proposalButtonId('decline', p.id) },
      ],
    }));
  return fitMessage({
    ...(content ? { content } : {}),
    embeds: [head, ...papers, ...proposalEmbeds].slice(0, 10),
    ...(components.length ? { components } : {}),
    ...(files ? { files } : {}),
  });
}

/** Proposals shown with buttons on one answer (Discord allows 5 action rows). */
const MAX_PROPOSAL_ROWS = 3;

/** `agent-proposal:confirm:a1b2c3d4`: the custom id of a proposal's buttons. */
export const proposalButtonId = (decision: 'confirm' | 'decline', id: string) =>
  `agent-proposal:${decision}:${id}`;

export function parseProposalButtonId(
  customId: string,
): { decision: 'confirm' | 'decline'; id: string } | null {
  const m = /^agent-proposal:(confirm|decline):([0-9a-f]{8})$/.exec(customId);
  return m ? { decision: m[1] as 'confirm' | 'decline', id: m[2]! } : null;
}

/** A page of the library with Previous/Next buttons. */
export function listMessage(
  r: ListResultOutput,
  offset: number,
  pageSize: number,
  buttonIds: { prev: string; next: string },
  origin?: string,
): BotMessage {
  if (r.total_count === 0) {
    return {
      embeds: [
        {
          title: 'No papers in the library match',
          description: 'Fetch some with `/arxiv search` or `/arxiv paper`, or loosen the filters.',
          color: COLOR.warn,
        },
      ],
    };
  }
  const embed: DiscordEmbed = {
    title: `Library: ${r.total_count} paper${r.total_count === 1 ? '' : 's'}`,
    color: COLOR.brand,
    fields: r.papers.map((p, i) => ({
      name: `${offset + i + 1}. ${p.title}`,
      value: `${authorsLine(p.authors)} · ${p.published_date.slice(0, 10)} · ${p.categories.slice(0, 3).join(', ')} · [arXiv:${p.arxiv_id}](${arxivLinks({ id: p.arxiv_id, version: null }, { origin }).abs})`,
    })),
    footer: { text: `Showing ${offset + 1}-${offset + r.returned} of ${r.total_count}` },
  };
  const row: ActionRow = {
    type: 1,
    components: [
      { type: 2, style: 2, label: 'Previous', custom_id: buttonIds.prev, disabled: offset === 0 },
      {
        type: 2,
        style: 2,
        label: 'Next',
        custom_id: buttonIds.next,
        disabled: offset + pageSize >= r.total_count,
      },
    ],
  };
  return fitMessage({ embeds: [embed], components: [row] });
}

const describeSub = (s: SubscriptionView) => {
  const where = [
    s.destinations.discordChannelId ? `<#${s.destinations.discordChannelId}>` : null,
    s.destinations.notion ? 'Notion' : null,
    s.destinations.markdown ? 'Markdown' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return [
    s.interest,
    `Query: \`${s.query ?? '—'}\`${s.categories.length ? ` · ${s.categories.join(', ')}` : ''}`,
    `\`${s.cron}\` ${s.timezone} · top ${s.topK}${where ? ` · to ${where}` : ''}${s.paused ? ' · paused' : ''}`,
  ].join('\n');
};

/** Confirmation after subscribing. */
export function subscribedMessage(s: SubscriptionView, seeds = 0): BotMessage {
  const seeded =
    seeds > 0 ? `\n${seeds} seed paper${seeds === 1 ? '' : 's'} rated 👍: the digest learns from them.` : '';
  return fitMessage({
    embeds: [{ title: `Subscribed: ${s.name}`, description: `${describeSub(s)}${seeded}`, color: COLOR.ok }],
  });
}

/** Every subscription, one field each. */
export function subscriptionsMessage(subs: SubscriptionView[]): BotMessage {
  if (subs.length === 0)
    return {
      embeds: [
        {
          title: 'No subscriptions yet',
          description: 'Create one with `/arxiv subscribe`.',
          color: COLOR.warn,
        },
      ],
    };
  return fitMessage({
    embeds: [
      {
        title: `${subs.length} subscription${subs.length === 1 ? '' : 's'}`,
        color: COLOR.brand,
        fields: subs.map((s) => ({ name: s.name, value: describeSub(s) })),
        ...(subs.length > DISCORD_LIMITS.fields
          ? { footer: { text: `Showing ${DISCORD_LIMITS.fields} of ${subs.length}` } }
          : {}),
      },
    ],
  });
}

/** The outcome of running a digest now. */
export function digestMessage(name: string, r: DigestRunResult): BotMessage {
  if (r.status === 'empty')
    return { embeds: [{ title: `Digest ${name}: nothing new`, description: r.reason, color: COLOR.warn }] };
  const d = r.digest;
  return fitMessage({
    embeds: [
      {
        title: `Digest ${d.subscription} — ${d.date}`,
        description: d.interest,
        color: COLOR.ok,
        fields: d.entries.map((e, i) => ({
          name: `${i + 1}. ${e.title}`,
          value: `${e.summary.tldr}\n[arXiv:${e.arxivId}](${e.absUrl})`,
        })),
        footer: {
          text: `Delivered to: ${r.receipts.map((x) => x.destination).join(', ') || 'no destination'}`,
        },
      },
    ],
  });
}

/** A short, ephemeral, actionable error; secrets and URL credentials are redacted (lib/redact.ts). */
export function errorMessageFor(text: string): BotMessage {
  return { embeds: [{ description: truncate(redact(text), 1000), color: COLOR.error }], ephemeral: true };
}
