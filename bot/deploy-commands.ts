/** Registers the `/arxiv` command with Discord, globally or for one guild (instant, for testing). */
import { COMMAND_DEFINITIONS } from './command-definitions.ts';
import { createDiscordRest } from '../lib/discord/rest.ts';

/** PUTs every command definition; returns how many commands Discord now has for the scope. */
export async function deployCommands(opts: {
  apiUrl: string;
  botToken: string;
  applicationId: string;
  guildId?: string;
}): Promise<number> {
  const rest = createDiscordRest({ apiUrl: opts.apiUrl, botToken: opts.botToken });
  return rest.putCommands(opts.applicationId, COMMAND_DEFINITIONS, opts.guildId);
}
