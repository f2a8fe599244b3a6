/** Every CLI subcommand, in `--help` order. Each module exports `register(program)`. */
import type { Command } from 'commander';
import { register as start } from './start.ts';
import { register as doctor } from './doctor.ts';
import { register as subscribe } from './subscribe.ts';
import { register as digest } from './digest.ts';
import { register as convert } from './convert.ts';
import { register as id } from './id.ts';
import { register as search } from './search.ts';
import { register as get } from './get.ts';
import { register as discord } from './discord.ts';
import { register as mcp } from './mcp.ts';
import { register as list } from './list.ts';
import { register as topics } from './topics.ts';
import { register as importFeeds } from './import.ts';
import { register as rank } from './rank.ts';
import { register as summarize } from './summarize.ts';
import { register as query } from './query.ts';
import { register as ask } from './ask.ts';

export const COMMANDS: Array<(program: Command) => void> = [start, doctor, subscribe, digest, convert, id, search, get, discord, mcp, list, topics, importFeeds, rank, summarize, query, ask];
