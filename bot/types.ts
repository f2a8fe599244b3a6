/**
 * The transport-neutral shape of a Discord interaction and of the answers the bot gives, so the
 * same handlers serve the gateway (discord.js) and the HTTP interactions endpoint. Message shapes
 * are Discord's own API JSON, which both discord.js and the webhook REST accept.
 */
import type { DiscordEmbed } from '../domain/discord-limits.ts';

export interface Button {
  type: 2;
  style: 1 | 2;
  label: string;
  custom_id: string;
  disabled?: boolean;
}

export interface ActionRow {
  type: 1;
  components: Button[];
}

export interface FileAttachment {
  name: string;
  data: Buffer;
  description?: string;
}

/** One message the bot sends or edits. */
export interface BotMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  components?: ActionRow[];
  files?: FileAttachment[];
  ephemeral?: boolean;
}

/** Who invoked a command, where, and with which rights. */
export interface Invoker {
  userId: string;
  guildId: string | null;
  channelId: string | null;
  /** The member's permission bitfield in this channel; null in DMs. */
  permissions: bigint | null;
  /** Role ids of the member; empty in DMs. */
  roles: string[];
  /** True when the command was run inside a thread (channelId is then the thread's id). */
  inThread?: boolean;
}

/** A `/arxiv <subcommand>` invocation with its option values. */
export interface CommandInvocation extends Invoker {
  subcommand: string;
  options: Record<string, string | number | boolean>;
}

/** An autocomplete request: which option is being typed and what the user typed so far. */
export interface AutocompleteInvocation extends Invoker {
  subcommand: string;
  focused: { name: string; value: string };
}

/** A button press: the custom id, validated by the handler. */
export interface ComponentInvocation extends Invoker {
  customId: string;
}

/**
 * How a handler answers. `reply` and `defer*` are the initial response (exactly one, within 3 s);
 * the rest go through the interaction webhook afterwards (15 minutes).
 */
export interface InteractionResponder {
  reply(message: BotMessage): Promise<void>;
  defer(opts?: { ephemeral?: boolean }): Promise<void>;
  /** Acknowledge a button press; the message is edited afterwards with editOriginal. */
  deferUpdate(): Promise<void>;
  editOriginal(message: BotMessage): Promise<void>;
  deleteOriginal(): Promise<void>;
  followUp(message: BotMessage): Promise<void>;
  /**
   * Starts a public thread on the original response (after it was deferred and edited once);
   * resolves to the thread's channel id. Absent where a transport cannot (no bot token).
   */
  startThread?(name: string): Promise<string>;
}

export interface AutocompleteChoice {
  name: string;
  value: string;
}
