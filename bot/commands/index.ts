/** Every `/arxiv` subcommand handler, by name. */
import type { SlashCommand } from '../command.ts';
import { ask } from './ask.ts';
import { digest } from './digest.ts';
import { list } from './list.ts';
import { paper } from './paper.ts';
import { search } from './search.ts';
import { subscribe } from './subscribe.ts';
import { subscriptions } from './subscriptions.ts';
import { unsubscribe } from './unsubscribe.ts';

export const SLASH_COMMANDS: ReadonlyMap<string, SlashCommand> = new Map(
  [search, paper, ask, list, subscribe, unsubscribe, subscriptions, digest].map((c) => [c.name, c]),
);
