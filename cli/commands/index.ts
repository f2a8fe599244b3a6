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

export const COMMANDS: Array<(program: Command) => void> = [start, doctor, subscribe, digest, convert, id, search, get];
