/** Results of the command layer as Discord messages, always within Discord's limits. */
import type { Answer, DigestRunResult, ListResultOutput, PaperDocument, SearchResult, SubscriptionView } from '../app/radar-service.ts';
import { versionedId } from '../domain/paper.ts';
import { DISCORD_LIMITS, truncate, type DiscordEmbed } from '../domain/discord-limits.ts';
import { fitMessage, longTextMessage } from './limits.ts';
import type { ActionRow, BotMessage } from './types.ts';
import { redact } from '../lib/redact.ts';

export const COLOR = { brand: 0xb31b1b, ok: 0x2e7d32, warn: 0xf9a825, error: 0xc62828 } as const;

const authorsLine = (names: string[], max = 3) =>
  names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} et al.`;

/** Search results: one field per paper with its TL;DR and links. */
export function searchMessage(r: SearchResult): BotMessage {
  if (r.papers.length === 0) {
    return { embeds: [{ title: 'No papers found', description: `Nothing matched \`${truncate(r.query, 500)}\`. Try broader words or fewer filters.`, color: COLOR.warn }] };
  }
  const embed: DiscordEmbed = {
    title: `Top ${r.papers.length} papers`,
    description: `Query: \`${truncate(r.query, 1000)}\``,
    color: COLOR.brand,
    fields: r.papers.slice(0, DISCORD_LIMITS.fields).map((p, i) => ({
      name: `${i + 1}. ${p.paper.title}`,
      value: [
        truncate(p.summary?.tldr ?? p.paper.abstract, 350),
        `${authorsLine(p.paper.authors.map((a) => a.name))} · ${p.paper.published.slice(0, 10)} · [abs](${p.paper.links.abs})${p.paper.links.pdf ? ` · [pdf](${p.paper.links.pdf})` : ''}`,
      ].join('\n'),
    })),
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
  const description = summary ? [summary.tldr, '', ...summary.keyPoints.map((k) => `• ${k}`)].join('\n') : truncate(p.abstract, 1500);
  const links = [`[abs](${p.links.abs})`, p.links.pdf ? `[pdf](${p.links.pdf})` : null, p.links.html ? `[html](${p.links.html})` : null].filter(Boolean).join(' · ');
  const embed: DiscordEmbed = {
    title: p.title,
    url: p.links.abs,
    description,
    color: COLOR.brand,
    fields: [
      { name: 'Authors', value: authorsLine(p.authors.map((a) => a.name), 8) || '—' },
      { name: 'Published', value: p.published.slice(0, 10), inline: true },
      { name: 'Categories', value: p.categories.join(', ') || p.primaryCategory, inline: true },
      { name: 'Links', value: links },
    ],
    footer: { text: `arXiv:${id} · full text ${doc.source ? `from ${doc.source.toUpperCase()}` : 'unavailable'}${doc.note ? ` (${doc.note})` : ''}` },
  };
  return fitMessage({ embeds: [embed], files: [{ name: markdownFileName(id), data: Buffer.from(doc.markdown, 'utf8'), description: `Full text of arXiv:${id}` }] });
}

/** An answer with numbered citations; long answers are split or attached. */
export function answerMessage(question: string, a: Answer): BotMessage {
  const cites = a.citations.map((c, i) => `[${i + 1}] arXiv:${c.arxivId}${c.section ? ` — ${c.section}` : ''}`).join('\n');
  const text = cites ? `${a.answer}\n\n**Sources**\n${cites}` : a.answer;
  return longTextMessage({ title: question, text, color: COLOR.brand, footer: a.usedLlm ? 'Answered by the configured LLM from the library' : 'Extractive answer from the library', fileName: 'answer.md' });
}

/** A page of the library with Previous/Next buttons. */
export function listMessage(r: ListResultOutput, offset: number, pageSize: number, buttonIds: { prev: string; next: string }): BotMessage {
  if (r.total_count === 0) {
    return { embeds: [{ title: 'No papers in the library match', description: 'Fetch some with `/arxiv search` or `/arxiv paper`, or loosen the filters.', color: COLOR.warn }] };
  }
  const embed: DiscordEmbed = {
    title: `Library: ${r.total_count} paper${r.total_count === 1 ? '' : 's'}`,
    color: COLOR.brand,
    fields: r.papers.map((p, i) => ({
      name: `${offset + i + 1}. ${p.title}`,
      value: `${authorsLine(p.authors)} · ${p.published_date.slice(0, 10)} · ${p.categories.slice(0, 3).join(', ')} · [arXiv:${p.arxiv_id}](https://arxiv.org/abs/${p.arxiv_id})`,
    })),
    footer: { text: `Showing ${offset + 1}-${offset + r.returned} of ${r.total_count}` },
  };
  const row: ActionRow = {
    type: 1,
    components: [
      { type: 2, style: 2, label: 'Previous', custom_id: buttonIds.prev, disabled: offset === 0 },
      { type: 2, style: 2, label: 'Next', custom_id: buttonIds.next, disabled: offset + pageSize >= r.total_count },
    ],
  };
  return fitMessage({ embeds: [embed], components: [row] });
}

const describeSub = (s: SubscriptionView) => {
  const where = [s.destinations.discordChannelId ? `<#${s.destinations.discordChannelId}>` : null, s.destinations.notion ? 'Notion' : null, s.destinations.markdown ? 'Markdown' : null].filter(Boolean).join(', ');
  return [
    s.interest,
    `Query: \`${s.query ?? '—'}\`${s.categories.length ? ` · ${s.categories.join(', ')}` : ''}`,
    `\`${s.cron}\` ${s.timezone} · top ${s.topK}${where ? ` · to ${where}` : ''}${s.paused ? ' · paused' : ''}`,
  ].join('\n');
};

/** Confirmation after subscribing. */
export function subscribedMessage(s: SubscriptionView): BotMessage {
  return fitMessage({ embeds: [{ title: `Subscribed: ${s.name}`, description: describeSub(s), color: COLOR.ok }] });
}

/** Every subscription, one field each. */
export function subscriptionsMessage(subs: SubscriptionView[]): BotMessage {
  if (subs.length === 0) return { embeds: [{ title: 'No subscriptions yet', description: 'Create one with `/arxiv subscribe`.', color: COLOR.warn }] };
  return fitMessage({
    embeds: [{ title: `${subs.length} subscription${subs.length === 1 ? '' : 's'}`, color: COLOR.brand, fields: subs.map((s) => ({ name: s.name, value: describeSub(s) })), ...(subs.length > DISCORD_LIMITS.fields ? { footer: { text: `Showing ${DISCORD_LIMITS.fields} of ${subs.length}` } } : {}) }],
  });
}

/** The outcome of running a digest now. */
export function digestMessage(name: string, r: DigestRunResult): BotMessage {
  if (r.status === 'empty') return { embeds: [{ title: `Digest ${name}: nothing new`, description: r.reason, color: COLOR.warn }] };
  const d = r.digest;
  return fitMessage({
    embeds: [
      {
        title: `Digest ${d.subscription} — ${d.date}`,
        description: d.interest,
        color: COLOR.ok,
        fields: d.entries.map((e, i) => ({ name: `${i + 1}. ${e.title}`, value: `${e.summary.tldr}\n[arXiv:${e.arxivId}](${e.absUrl})` })),
        footer: { text: `Delivered to: ${r.receipts.map((x) => x.destination).join(', ') || 'no destination'}` },
      },
    ],
  });
}

/** A short, ephemeral, actionable error; secrets and URL credentials are redacted (lib/redact.ts). */
export function errorMessageFor(text: string): BotMessage {
  return { embeds: [{ description: truncate(redact(text), 1000), color: COLOR.error }], ephemeral: true };
}
