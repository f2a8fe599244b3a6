/**
 * Fitting the bot's answers into Discord's message limits (the table and the embed helpers are
 * domain/discord-limits.ts, shared with the digest publisher): long text split on paragraph
 * boundaries or attached as a file, embeds shrunk to share the 6000-character budget.
 */
import {
  clampEmbed,
  DISCORD_LIMITS,
  embedLength,
  truncate,
  type DiscordEmbed,
} from '../domain/discord-limits.ts';
import type { BotMessage } from './types.ts';

/**
 * Splits text into chunks of at most `max` characters, preferring paragraph, then line, then
 * word boundaries, so no chunk cuts a sentence mid-word unless a single word is longer than `max`.
 */
export function splitText(text: string, max: number): string[] {
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    let cut = window.lastIndexOf('\n\n');
    if (cut < max / 2) cut = window.lastIndexOf('\n');
    if (cut < max / 2) cut = window.lastIndexOf(' ');
    if (cut <= 0) cut = max;
    chunks.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/**
 * Shrinks one embed to at most `budget` characters: field values are shortened evenly (never
 * below a readable minimum), then trailing fields dropped, then the description cut.
 */
function shrinkEmbed(e: DiscordEmbed, budget: number): DiscordEmbed {
  if (embedLength(e) <= budget) return e;
  let out: DiscordEmbed = { ...e };
  const fields = e.fields ?? [];
  if (fields.length) {
    const fixed = embedLength({ ...e, fields: fields.map((f) => ({ ...f, value: '' })) });
    const cap = Math.max(80, Math.floor((budget - fixed) / fields.length));
    out.fields = fields.map((f) => ({ ...f, value: truncate(f.value, cap) }));
    while (out.fields.length > 1 && embedLength(out) > budget) out.fields = out.fields.slice(0, -1);
  }
  const over = embedLength(out) - budget;
  if (over > 0 && out.description)
    out = { ...out, description: truncate(out.description, Math.max(0, out.description.length - over)) };
  return out;
}

/**
 * Makes a message valid for Discord: every embed within its limits, at most 10 embeds, at most
 * 6000 embed characters (an embed that does not fit is shrunk, later ones dropped), content at
 * most 2000.
 */
export function fitMessage(m: BotMessage): BotMessage {
  const out: BotMessage = { ...m };
  if (m.content !== undefined) out.content = truncate(m.content, DISCORD_LIMITS.content);
  if (m.embeds) {
    const kept: DiscordEmbed[] = [];
    let total = 0;
    for (const raw of m.embeds.slice(0, DISCORD_LIMITS.embedsPerMessage)) {
      const room = DISCORD_LIMITS.embedsTotal - total;
      if (room < 200) break;
      const e = shrinkEmbed(clampEmbed(raw), room);
      if (embedLength(e) > room) break;
      kept.push(e);
      total += embedLength(e);
    }
    out.embeds = kept;
  }
  return out;
}

/**
 * Long text as embeds: one embed when it fits, several (within the 6000 total) when it does not,
 * and a preview plus the full text as an attached file when even that is too long. A `tail` (an
 * answer's sources) always ends the first embed: it is what a reader checks the answer against, so
 * when text and tail do not fit one embed together, the text is previewed and attached instead.
 */
export function longTextMessage(opts: {
  title: string;
  text: string;
  tail?: string;
  url?: string;
  color?: number;
  footer?: string;
  fileName: string;
}): BotMessage {
  const head: DiscordEmbed = { title: truncate(opts.title, DISCORD_LIMITS.title) };
  if (opts.url) head.url = opts.url;
  if (opts.color !== undefined) head.color = opts.color;
  if (opts.tail) return withTail(head, { ...opts, tail: opts.tail });
  const budget = DISCORD_LIMITS.embedsTotal - (head.title?.length ?? 0) - (opts.footer?.length ?? 0) - 200;
  if (opts.text.length <= budget) {
    const parts = splitText(opts.text, DISCORD_LIMITS.description);
    const embeds: DiscordEmbed[] = parts.map((description, i) =>
      i === 0
        ? { ...head, description }
        : { description, ...(opts.color === undefined ? {} : { color: opts.color }) },
    );
    const last = embeds[embeds.length - 1];
    if (last && opts.footer) last.footer = { text: opts.footer };
    return fitMessage({ embeds });
  }
  const preview = splitText(opts.text, 3500)[0] ?? '';
  const embed: DiscordEmbed = {
    ...head,
    description: `${preview}\n\n*…the full text (${opts.text.length} characters) is attached as \`${opts.fileName}\`.*`,
  };
  if (opts.footer) embed.footer = { text: opts.footer };
  return fitMessage({
    embeds: [embed],
    files: [{ name: opts.fileName, data: Buffer.from(opts.text, 'utf8') }],
  });
}

/** `longTextMessage` with a tail kept whole in the first embed (see there). */
function withTail(
  head: DiscordEmbed,
  opts: { text: string; tail: string; footer?: string; fileName: string },
): BotMessage {
  const full = `${opts.text}\n\n${opts.tail}`;
  const footer = opts.footer ? { footer: { text: opts.footer } } : {};
  if (full.length <= DISCORD_LIMITS.description)
    return fitMessage({ embeds: [{ ...head, description: full, ...footer }] });
  const note = `*…the full text (${full.length} characters) is attached as \`${opts.fileName}\`.*`;
  const tail = truncate(opts.tail, DISCORD_LIMITS.description / 2);
  const room = Math.max(200, DISCORD_LIMITS.description - tail.length - note.length - 8);
  const preview = splitText(opts.text, room)[0] ?? '';
  return fitMessage({
    embeds: [{ ...head, description: `${preview}\n\n${note}\n\n${tail}`, ...footer }],
    files: [{ name: opts.fileName, data: Buffer.from(full, 'utf8') }],
  });
}
