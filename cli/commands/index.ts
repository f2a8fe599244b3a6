/** Every CLI subcommand, in `--help` order. Each module exports `register(program)`. */
import type { Command } from 'commander';
import { register as start } from './start.ts';
import { register as doctor } from './doctor.ts';

export const COMMANDS: Array<(program: Command) => void> = [start, doctor];
