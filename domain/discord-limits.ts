/**
 * Discord's documented message limits, the embed shape this project sends, and the pure helpers
 * that keep embeds inside those limits. The one table for the bot and the digest publisher; pure
 * (no Node I/O), so workflows may import it too.
 * Sources: https://discord.com/developers/docs/resources/message#embed-object-embed-limits and
 * "Create Message" (content 2000, 10 embeds, 6000 characters across them); "Application Commands"
 * (25 autocomplete choices of at most 100 characters); "Message Components" (custom ids of 100).
 */

export const DISCORD_LIMITS = {
  content: 2000,
  embedsPerMessage: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** Sum of title, description, field names and values, footer text and author name of all embeds. */
  embedsTotal: 6000,
  autocompleteChoices: 25,
  choiceLength: 100,
  customId: 100,
} as const;

export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

/** Discord's embed object, the subset this project sends. */
export interface DiscordEmbed {
  title?: string;
  url?: string;
  description?: string;
  color?: number;
  timestamp?: string;
  footer?: { text: string };
  author?: { name: string; url?: string };
  fields?: DiscordEmbedField[];
}

/**
 * Cuts `text` to at most `max` UTF-16 code units, ending with '…' when cut. Never splits a
 * surrogate pair (Discord rejects lone surrogates) and drops the whitespace before the ellipsis.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - 1;
  if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** The characters of an embed that count toward Discord's 6000-per-message total. */
export function embedLength(embed: DiscordEmbed): number {
  let n = (embed.title?.length ?? 0) + (embed.description?.length ?? 0);
  n += (embed.footer?.text.length ?? 0) + (embed.author?.name.length ?? 0);
  for (const f of embed.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

/**
 * A copy of `embed` with every part cut to its own limit (title 256, description 4096, 25 fields
 * of 256/1024, footer 2048, author 256). Empty field names and values become '\u200b' because
 * Discord rejects empty ones.
 */
export function clampEmbed<E extends DiscordEmbed>(embed: E): E {
  const out: E = { ...embed };
  if (out.title !== undefined) out.title = truncate(out.title, DISCORD_LIMITS.title);
  if (out.description !== undefined) out.description = truncate(out.description, DISCORD_LIMITS.description);
  if (out.footer) out.footer = { text: truncate(out.footer.text, DISCORD_LIMITS.footerText) };
  if (out.author) out.author = { ...out.author, name: truncate(out.author.name, DISCORD_LIMITS.authorName) };
  if (out.fields) {
    out.fields = out.fields.slice(0, DISCORD_LIMITS.fields).map((f) => ({
      ...f,
      name: truncate(f.name, DISCORD_LIMITS.fieldName) || '\u200b',
      value: truncate(f.value, DISCORD_LIMITS.fieldValue) || '\u200b',
    }));
  }
  return out;
}

/**
 * Packs embeds, in order, into as few groups as possible such that each group has at most
 * `maxEmbeds` (10) embeds and at most `maxChars` (6000) counted characters, minus
 * `reservePerGroup` characters the caller will add to each group later (e.g. a footer marker).
 * Each group becomes one message. Throws a RangeError when a single embed cannot fit a message
 * on its own: clamp embeds first (`clampEmbed`).
 */
export function splitEmbeds<E extends DiscordEmbed>(
  embeds: readonly E[],
  opts: { maxEmbeds?: number; maxChars?: number; reservePerGroup?: number } = {},
): E[][] {
  const maxEmbeds = opts.maxEmbeds ?? DISCORD_LIMITS.embedsPerMessage;
  const budget = (opts.maxChars ?? DISCORD_LIMITS.embedsTotal) - (opts.reservePerGroup ?? 0);
  const groups: E[][] = [];
  let current: E[] = [];
  let used = 0;
  for (const [i, embed] of embeds.entries()) {
    const len = embedLength(embed);
    if (len > budget) {
      throw new RangeError(
        `splitEmbeds: embed ${i} counts ${len} characters, more than the ${budget} a message allows`,
      );
    }
    if (current.length >= maxEmbeds || used + len > budget) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(embed);
    used += len;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
