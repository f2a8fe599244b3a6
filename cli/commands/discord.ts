/** `arxiv-radar discord deploy-commands [--guild ID]`: registers the `/arxiv` slash command with Discord. */
import type { Command } from 'commander';
import { AppError } from '../../domain/errors.ts';
import { loadContext } from '../context.ts';
import { operations } from '../host.ts';
import { printJson } from '../output.ts';

export function register(program: Command): void {
  const discord = program.command('discord').description('Discord bot utilities');
  discord
    .command('deploy-commands')
    .description('register the /arxiv slash command (globally, or instantly in one guild with --guild)')
    .option(
      '--guild <id>',
      'register in this guild only (takes effect at once; global commands can take up to an hour)',
    )
    .option('--json', 'print the result as JSON')
    .action(async (opts: { guild?: string; json?: boolean }, cmd: Command) => {
      const { config } = loadContext(cmd);
      if (!config.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
        throw new AppError(
          'INVALID_INPUT',
          'Set DISCORD_TOKEN (the bot token) and DISCORD_APPLICATION_ID (from the developer portal’s General Information page) to deploy commands. See docs/discord.md.',
        );
      }
      if (opts.guild !== undefined && !/^\d{15,25}$/.test(opts.guild))
        throw new AppError(
          'INVALID_INPUT',
          `--guild must be a server id (a long number; enable Developer Mode and "Copy Server ID"), got "${opts.guild}".`,
        );
      const count = await (
        await operations()
      ).deployDiscordCommands(config, opts.guild ? { guildId: opts.guild } : {});
      const scope = opts.guild
        ? `guild ${opts.guild}`
        : 'all guilds (global; may take up to an hour to appear)';
      if (opts.json) printJson({ registered: count, scope: opts.guild ?? 'global' });
      else
        process.stdout.write(
          `Registered ${count} command${count === 1 ? '' : 's'} (/arxiv with 8 subcommands) for ${scope}.\n`,
        );
    });
}
