/**
 * Every CLI subcommand, in `--help` order, loaded lazily: a run imports only the module of the
 * command it names (so `id` never loads the Temporal SDK, pdf.js or zod), and `--help` imports
 * none. Each module exports `register(program)`, the full definition; the `term` and
 * `description` here are what the top-level help lists without loading it, and
 * test/unit/cli/lazy-commands.test.ts checks them against the modules.
 */
import type { Command } from 'commander';
import { CASCADE_NAMES } from '../../domain/content-source.ts';

type Register = (program: Command) => void;

export interface CommandEntry {
  /** Top-level command names the module registers (subscribe.ts registers three). */
  name: string;
  /** As `--help` lists it: name, `[options]` when it has options, its arguments. */
  term: string;
  description: string;
  load: () => Promise<{ register: Register }>;
}

const subscribeModule = () => import('./subscribe.ts');

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'start',
    term: 'start [options]',
    description:
      'start Temporal (embedded dev server unless TEMPORAL_ADDRESS is set) and the workers; Ctrl-C stops everything',
    load: () => import('./start.ts'),
  },
  {
    name: 'doctor',
    term: 'doctor [options]',
    description:
      'print the resolved configuration (secrets masked) and check Temporal, the data dir and integrations',
    load: () => import('./doctor.ts'),
  },
  {
    name: 'subscribe',
    term: 'subscribe [options] <name>',
    description: 'create or update a scheduled topic digest',
    load: subscribeModule,
  },
  {
    name: 'unsubscribe',
    term: 'unsubscribe <name>',
    description: 'delete a subscription and its schedule (digests already sent stay)',
    load: subscribeModule,
  },
  {
    name: 'subscriptions',
    term: 'subscriptions [options]',
    description: 'list subscriptions',
    load: subscribeModule,
  },
  {
    name: 'rate',
    term: 'rate [options] <subscription> <id> <rating>',
    description: 'rate a paper for a subscription: up, down or clear (its digests learn from it)',
    load: () => import('./rate.ts'),
  },
  {
    name: 'digest',
    term: 'digest',
    description: 'run or show topic digests',
    load: () => import('./digest.ts'),
  },
  {
    name: 'convert',
    term: 'convert [options] <file>',
    description:
      'convert a local PDF, arXiv HTML (LaTeXML) or LaTeX source (arXiv e-print) to Markdown on stdout (no network)',
    load: () => import('./convert.ts'),
  },
  {
    name: 'id',
    term: 'id <text...>',
    description: 'extract and validate an arXiv id from text or a URL; prints {"id","version","pathSafe"}',
    load: () => import('./id.ts'),
  },
  {
    name: 'search',
    term: 'search [options] <query>',
    description:
      "search arXiv: its query syntax as written (e.g. 'ti:transformer AND cat:cs.CL'), free words built; TL;DRs from the abstracts",
    load: () => import('./search.ts'),
  },
  {
    name: 'get',
    term: 'get [options] <ref>',
    description: `a paper by id or URL as Markdown: metadata, abstract, full text (the first of ${CASCADE_NAMES} that has it)`,
    load: () => import('./get.ts'),
  },
  {
    name: 'discord',
    term: 'discord',
    description: 'Discord bot utilities',
    load: () => import('./discord.ts'),
  },
  {
    name: 'mcp',
    term: 'mcp [options]',
    description:
      'run the MCP server on stdio, or on Streamable HTTP with --http 127.0.0.1:PORT (MCP_TOKEN required)',
    load: () => import('./mcp.ts'),
  },
  {
    name: 'web',
    term: 'web [options]',
    description:
      'serve the web app (search, papers, library, digests, chat with voice) on WEB_ADDR, against a running start',
    load: () => import('./web.ts'),
  },
  {
    name: 'list',
    term: 'list [options]',
    description: 'list papers in the local library: newest first, or by relevance with --query',
    load: () => import('./list.ts'),
  },
  {
    name: 'topics',
    term: 'topics [options] [name]',
    description: 'list topic folders with their paper counts, or print one topic as Markdown',
    load: () => import('./topics.ts'),
  },
  {
    name: 'import',
    term: 'import [options] <files...>',
    description: 'load papers from saved arXiv Atom feeds into the library (all files or none)',
    load: () => import('./import.ts'),
  },
  {
    name: 'rank',
    term: 'rank [options] <interest> <atom...>',
    description:
      'rank the papers of arXiv Atom files by relevance to an interest (cross-encoder, or BM25 without a model)',
    load: () => import('./rank.ts'),
  },
  {
    name: 'summarize',
    term: 'summarize [options] <ref>',
    description:
      'summarise a Markdown file, or a paper stored in the library (extractive, or the LLM when configured)',
    load: () => import('./summarize.ts'),
  },
  {
    name: 'query',
    term: 'query [options] <question>',
    description:
      'show the arXiv search_query a search would send: arXiv syntax as written, free words built (LLM when configured, else heuristic)',
    load: () => import('./query.ts'),
  },
  {
    name: 'ask',
    term: 'ask [options] <question>',
    description:
      'answer a question from the stored papers, citing [arXiv id §section] (quotes passages without an LLM)',
    load: () => import('./ask.ts'),
  },
  {
    name: 'chat',
    term: 'chat [options]',
    description:
      'chat with the research agent: it searches arXiv, reads papers and the library, with cited answers (@folders, /prompts, /tools, /quit)',
    load: () => import('./chat.ts'),
  },
  {
    name: 'library',
    term: 'library',
    description: 'maintain the library database (migrations, moving SQLite to Postgres)',
    load: () => import('./library.ts'),
  },
];

/**
 * The command a command line runs: the first word after the global options (`-v`/`--verbose`
 * are the only ones, and take no value), or the word after `help`. Undefined for a bare
 * `--help` or no command.
 */
export function commandName(args: readonly string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/** The command a command line will run, not just describe: undefined for help and `--help`. */
export function commandToRun(args: readonly string[]): string | undefined {
  if (args.includes('--help') || args.includes('-h')) return undefined;
  const word = args.find((a) => !a.startsWith('-'));
  return word === 'help' ? undefined : word;
}

/**
 * Registers every command on `program`: the named one (and the others its module defines) in
 * full, the rest as listing-only stubs with the help term and description above.
 */
export async function registerCommands(program: Command, args: readonly string[]): Promise<void> {
  const wanted = COMMANDS.find((c) => c.name === commandName(args));
  const mod = wanted ? await wanted.load() : undefined;
  const stubTerms = new Map<Command, string>();
  let registered = false;
  for (const entry of COMMANDS) {
    if (mod && entry.load === wanted?.load) {
      // Its module defines it (and its siblings) in full, at the place of the first.
      if (!registered) mod.register(program);
      registered = true;
      continue;
    }
    const stub = program
      .command(entry.name)
      .description(entry.description)
      .allowUnknownOption()
      .allowExcessArguments()
      .action(() => {
        throw new Error(`internal: the ${entry.name} command was run without being loaded`);
      });
    stubTerms.set(stub, entry.term);
  }
  const help = program.createHelp();
  program.configureHelp({ subcommandTerm: (cmd) => stubTerms.get(cmd) ?? help.subcommandTerm(cmd) });
}
