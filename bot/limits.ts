/**
 * Discord's message limits and the helpers that keep every answer inside them. Source: Discord
 * developer docs, "Embed Limits" and "Create Message" (content 2000, 10 embeds, 6000 characters
 * across the embeds of one message).
 */
import type { BotMessage, Embed } from './types.ts';

export const LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  totalEmbedChars: 6000,
  autocompleteChoices: 25,
  choiceLength: 100,
  customId: 100,
} as const;

/** Cuts `text` to at most `max` characters, ending with an ellipsis when it was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

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

/** Characters Discord counts toward the 6000 per-message total for one embed. */
export function embedChars(e: Embed): number {
  let n = (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0);
  for (const f of e.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

/** Truncates each part of an embed to its own limit. */
export function fitEmbed(e: Embed): Embed {
  const out: Embed = { ...e };
  if (e.title !== undefined) out.title = truncate(e.title, LIMITS.title);
  if (e.description !== undefined) out.description = truncate(e.description, LIMITS.description);
  if (e.footer) out.footer = { text: truncate(e.footer.text, LIMITS.footer) };
  if (e.fields) {
    out.fields = e.fields.slice(0, LIMITS.fields).map((f) => ({
      ...f,
      name: truncate(f.name || '\u200b', LIMITS.fieldName),
      value: truncate(f.value || '\u200b', LIMITS.fieldValue),
    }));
  }
  return out;
}

/**
 * Shrinks one embed to at most `budget` characters: field values are shortened evenly (never
 * below a readable minimum), then trailing fields dropped, then the description cut.
 */
export function shrinkEmbed(e: Embed, budget: number): Embed {
  if (embedChars(e) <= budget) return e;
  let out: Embed = { ...e };
  const fields = e.fields ?? [];
  if (fields.length) {
    const fixed = embedChars({ ...e, fields: fields.map((f) => ({ ...f, value: '' })) });
    const cap = Math.max(80, Math.floor((budget - fixed) / fields.length));
    out.fields = fields.map((f) => ({ ...f, value: truncate(f.value, cap) }));
    while (out.fields.length > 1 && embedChars(out) > budget) out.fields = out.fields.slice(0, -1);
  }
  const over = embedChars(out) - budget;
  if (over > 0 && out.description) out = { ...out, description: truncate(out.description, Math.max(0, out.description.length - over)) };
  return out;
}

/**
 * Makes a message valid for Discord: every embed within its limits, at most 10 embeds, at most
 * 6000 embed characters (an embed that does not fit is shrunk, later ones dropped), content at
 * most 2000.
 */
export function fitMessage(m: BotMessage): BotMessage {
  const out: BotMessage = { ...m };
  if (m.content !== undefined) out.content = truncate(m.content, LIMITS.content);
  if (m.embeds) {
    const kept: Embed[] = [];
    let total = 0;
    for (const raw of m.embeds.slice(0, LIMITS.embeds)) {
      const room = LIMITS.totalEmbedChars - total;
      if (room < 200) break;
      const e = shrinkEmbed(fitEmbed(raw), room);
      if (embedChars(e) > room) break;
      kept.push(e);
      total += embedChars(e);
    }
    out.embeds = kept;
  }
  return out;
}

/**
 * Long text as embeds: one embed when it fits, several (within the 6000 total) when it does not,
 * and a preview plus the full text as an attached file when even that is too long.
 */
export function longTextMessage(opts: {
  title: string;
  text: string;
  url?: string;
  color?: number;
  footer?: string;
  fileName: string;
}): BotMessage {
  const head: Embed = { title: truncate(opts.title, LIMITS.title) };
  if (opts.url) head.url = opts.url;
  if (opts.color !== undefined) head.color = opts.color;
  const budget = LIMITS.totalEmbedChars - (head.title?.length ?? 0) - (opts.footer?.length ?? 0) - 200;
  if (opts.text.length <= budget) {
    const parts = splitText(opts.text, LIMITS.description);
    const embeds: Embed[] = parts.map((description, i) => (i === 0 ? { ...head, description } : { description, ...(opts.color === undefined ? {} : { color: opts.color }) }));
    const last = embeds[embeds.length - 1];
    if (last && opts.footer) last.footer = { text: opts.footer };
    return fitMessage({ embeds });
  }
  const preview = splitText(opts.text, 3500)[0] ?? '';
  const embed: Embed = {
    ...head,
    description: `${preview}\n\n*…the full text (${opts.text.length} characters) is attached as \`${opts.fileName}\`.*`,
  };
  if (opts.footer) embed.footer = { text: opts.footer };
  return fitMessage({ embeds: [embed], files: [{ name: opts.fileName, data: Buffer.from(opts.text, 'utf8') }] });
}
