/**
 * The gateway transport: a discord.js client that turns `/arxiv` interactions into the bot's
 * transport-neutral invocations. The REST base is overridable (DISCORD_API_URL) for tests and proxies.
 */
import {
  AttachmentBuilder,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
} from 'discord.js';
import { errorMessage } from '../../domain/errors.ts';
import { DISCORD_API_VERSION, discordApiRoots } from '../../lib/discord/rest.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Bot } from '../bot.ts';
import type { BotMessage, InteractionResponder, Invoker } from '../types.ts';

type Replyable = ChatInputCommandInteraction | ButtonInteraction;

function invoker(i: Interaction): Invoker {
  const member = i.member;
  const roles = !member ? [] : Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
  return {
    userId: i.user.id,
    guildId: i.guildId,
    channelId: i.channelId,
    permissions: i.memberPermissions?.bitfield ?? null,
    roles,
    inThread: i.channel?.isThread() ?? false,
  };
}

function toDiscordJs(m: BotMessage) {
  return {
    ...(m.content !== undefined ? { content: m.content } : {}),
    ...(m.embeds ? { embeds: m.embeds } : {}),
    ...(m.components ? { components: m.components } : {}),
    ...(m.files
      ? {
          files: m.files.map(
            (f) =>
              new AttachmentBuilder(f.data, {
                name: f.name,
                ...(f.description ? { description: f.description } : {}),
              }),
          ),
        }
      : {}),
  };
}

function responder(i: Replyable): InteractionResponder {
  return {
    reply: async (m) => {
      await i.reply({ ...toDiscordJs(m), ...(m.ephemeral ? { flags: MessageFlags.Ephemeral } : {}) });
    },
    defer: async (o) => {
      await i.deferReply(o?.ephemeral ? { flags: MessageFlags.Ephemeral } : {});
    },
    deferUpdate: async () => {
      if (i.isButton()) await i.deferUpdate();
      else await i.deferReply();
    },
    editOriginal: async (m) => {
      await i.editReply(toDiscordJs(m));
    },
    deleteOriginal: async () => {
      await i.deleteReply();
    },
    followUp: async (m) => {
      await i.followUp({ ...toDiscordJs(m), ...(m.ephemeral ? { flags: MessageFlags.Ephemeral } : {}) });
    },
    startThread: async (name) => {
      const reply = await i.fetchReply();
      const thread = await reply.startThread({ name, autoArchiveDuration: 1440 });
      return thread.id;
    },
  };
}

async function onAutocomplete(bot: Bot, i: AutocompleteInteraction): Promise<void> {
  const focused = i.options.getFocused(true);
  const choices = await bot.autocomplete({
    ...invoker(i),
    subcommand: i.options.getSubcommand(),
    focused: { name: focused.name, value: String(focused.value) },
  });
  await i.respond(choices);
}

/** Connects to the gateway with DISCORD_TOKEN and serves interactions until stopped. */
export async function startGateway(opts: {
  bot: Bot;
  token: string;
  apiUrl: string;
  logger: Logger;
}): Promise<{ client: Client; stop(): Promise<void> }> {
  // discord.js appends the version itself: it gets the root without one (DISCORD_API_URL may name /v10).
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: discordApiRoots(opts.apiUrl).root, version: DISCORD_API_VERSION },
  });
  const log = opts.logger;
  client.on(Events.InteractionCreate, (i) => {
    const work = async () => {
      if (i.isChatInputCommand() && i.commandName === 'arxiv') {
        const options: Record<string, string | number | boolean> = {};
        for (const o of i.options.data[0]?.options ?? [])
          if (o.value !== undefined && o.value !== null) options[o.name] = o.value;
        await opts.bot.handleCommand(
          { ...invoker(i), subcommand: i.options.getSubcommand(), options },
          responder(i),
        );
      } else if (i.isAutocomplete() && i.commandName === 'arxiv') {
        await onAutocomplete(opts.bot, i);
      } else if (i.isButton()) {
        await opts.bot.handleComponent({ ...invoker(i), customId: i.customId }, responder(i));
      }
    };
    work().catch((e: unknown) => log.error({ err: errorMessage(e) }, 'gateway interaction failed'));
  });
  client.once(Events.ClientReady, (c) => log.info({ user: c.user.tag }, 'Discord gateway connected'));
  await client.login(opts.token);
  return {
    client,
    stop: async () => {
      await client.destroy();
    },
  };
}
