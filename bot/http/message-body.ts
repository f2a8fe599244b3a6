/**
 * A bot answer as the body Discord expects, for the interactions endpoint's HTTP response and the
 * REST calls after it: the ephemeral flag, attachments metadata for the files (developer docs,
 * "Uploading Files"), and the files themselves (Markdown).
 */
import type { DiscordBody } from '../../lib/discord/rest.ts';
import type { BotMessage } from '../types.ts';

const EPHEMERAL = 1 << 6;

/** A message as Discord's JSON body plus the files, if any. */
export function messageBody(m: BotMessage): DiscordBody & { json: Record<string, unknown> } {
  const json: Record<string, unknown> = {};
  if (m.content !== undefined) json.content = m.content;
  if (m.embeds) json.embeds = m.embeds;
  if (m.components) json.components = m.components;
  if (m.ephemeral) json.flags = EPHEMERAL;
  if (m.files?.length)
    json.attachments = m.files.map((f, id) => ({
      id,
      filename: f.name,
      ...(f.description ? { description: f.description } : {}),
    }));
  return { json, files: m.files?.map((f) => ({ ...f, contentType: 'text/markdown' })) };
}
