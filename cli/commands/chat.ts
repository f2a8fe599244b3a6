/**
 * `arxiv-radar chat`: a REPL over the research agent (the same AgentService as Discord's /arxiv ask
 * and MCP's agent_ask), in the style of an MCP chatbot: natural language goes to the agent, whose
 * tool calls are shown as they happen; `@folders` and `@<topic>` read the library's topic
 * resources; `/prompts` and `/prompt <name> key=value…` run the MCP prompts; `/tools`, `/reset`,
 * `/quit`. The conversation is kept for the session. `chat --once "question" [--json]` for scripts.
 */
import { randomUUID } from 'node:crypto';
import readline from 'node:readline';
import type { Command } from 'commander';
import type { AgentDraft, AgentReply, AgentService } from '../../app/agent-service.ts';
import { llmLabel } from '../../domain/agent.ts';
import { AppError, errorMessage } from '../../domain/errors.ts';
import { AGENT_PROMPT_TOOLS, searchPromptText } from '../../app/prompts.ts';
import type { RadarService } from '../../app/radar-service.ts';
import { printJson } from '../output.ts';
import { withService } from '../service.ts';
import { askConsent } from './chat-consent.ts';
import { chatLines } from './chat-lines.ts';

/** The prompts `/prompts` lists (the MCP server's), with how to build their text. */
export const CHAT_PROMPTS: ReadonlyArray<{
  name: string;
  description: string;
  args: Array<{ name: string; required: boolean }>;
  build: (a: Record<string, string>) => string;
}> = [
  {
    name: 'generate_search_prompt',
    description: 'search arXiv for a topic, extract each paper’s information and synthesise a report',
    args: [
      { name: 'topic', required: true },
      { name: 'num_papers', required: false },
    ],
    build: (a) => {
      const n = Number.parseInt(a.num_papers ?? '5', 10);
      // The agent's tool names: the MCP prompt names the MCP server's tools.
      return searchPromptText(
        a.topic!,
        Math.min(50, Math.max(1, Number.isFinite(n) ? n : 5)),
        AGENT_PROMPT_TOOLS,
      );
    },
  },
];

/** `key=value key2="two words"` → { key: 'value', key2: 'two words' }. */
export function parsePromptArgs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/(\w+)=("([^"]*)"|'([^']*)'|(\S+))/g))
    out[m[1]!] = m[3] ?? m[4] ?? m[5] ?? '';
  return out;
}

/** The prompt's text, or an INVALID_INPUT error naming what is missing. */
export function buildPrompt(name: string, args: Record<string, string>): string {
  const prompt = CHAT_PROMPTS.find((p) => p.name === name);
  if (!prompt) throw new AppError('INVALID_INPUT', `No prompt "${name}". /prompts lists them.`);
  const missing = prompt.args.filter((a) => a.required && !args[a.name]?.trim()).map((a) => a.name);
  if (missing.length)
    throw new AppError('INVALID_INPUT', `/prompt ${name} needs ${missing.map((m) => `${m}=…`).join(' ')}`);
  return prompt.build(args);
}

/**
 * The reply as printed. `streamed`: the answer's text already printed as the model wrote it; when
 * the answer starts with it only the rest is printed, else (a citation was removed) the whole
 * answer follows on a new line. `ownLlm`: this shell's LLM (`model at host`, or null when none is
 * set); when another LLM answered (the workers of a running `start` use their own settings) the
 * reply says which and why.
 */
export function formatReply(r: AgentReply, streamed?: string, ownLlm?: string | null): string {
  const parts: string[] = [];
  if (r.notice) parts.push(r.notice, '');
  const answer = r.answer.trim();
  const already = streamed?.trim() ?? '';
  if (!already) parts.push(answer);
  else if (answer.startsWith(already)) parts.push(answer.slice(already.length));
  else parts.push('', answer);
  if (r.cited.length)
    parts.push(
      '',
      'Sources:',
      ...r.cited.map(
        (c, i) => `  [${i + 1}] arXiv:${c.id}${c.title ? ` — ${c.title.replace(/\s+/g, ' ')}` : ''} ${c.url}`,
      ),
    );
  for (const p of r.proposals) {
    parts.push('', `Proposed (not applied): ${p.title}`, ...p.changes.map((c) => `  ${c}`));
    if (p.problem) parts.push(`  Cannot be applied: ${p.problem}.`);
    else if (p.confirmable)
      parts.push(
        `  Apply it: /confirm ${p.id}   Drop it: /decline ${p.id}   (until your next question is answered)`,
      );
    else parts.push('  Apply it yourself with `arxiv-radar subscribe` (here nothing can be confirmed).');
  }
  if (r.usedAgent)
    parts.push(
      '',
      `(${r.steps} step${r.steps === 1 ? '' : 's'}, ${r.toolCalls} tool call${r.toolCalls === 1 ? '' : 's'}, ${(r.ms / 1000).toFixed(1)} s${r.llm ? `; ${r.llm}` : ''})`,
    );
  if (r.usedAgent && r.llm && ownLlm !== undefined && r.llm !== ownLlm)
    parts.push(
      `Answered by ${r.llm}: the LLM of the running \`arxiv-radar start\`, whose workers run the agent with their own LLM_* settings${ownLlm ? `, not this shell's (${ownLlm})` : ''}. Restart start with the LLM you want.`,
    );
  return `${parts.join('\n')}\n`;
}

const HELP = `Ask anything about arXiv papers. Commands:
  @folders                 topics in the library
  @<topic>                 the papers of a topic
  /prompts                 list prompts
  /prompt <name> k=v …     run a prompt, e.g. /prompt generate_search_prompt topic="graph transformers" num_papers=3
  /tools                   the agent's tools
  /confirm <id>            apply a change the agent proposed (only you can; the agent cannot;
                           on a terminal you are also asked: y applies it, anything else declines)
  /decline <id>            drop a proposed change
  /reset                   start a new conversation
  /quit                    leave (also Ctrl-D)
`;

/** Handles one REPL line; returns false to quit. Output goes to `out`. */
export async function handleLine(
  line: string,
  ctx: {
    service: RadarService;
    agent: AgentService;
    conversation: { id: string };
    out: (s: string) => void;
    /** This shell's LLM (`model at host`, null when none): said when another one answered. */
    ownLlm?: string | null;
    /** Print the answer as the model writes it (a terminal). */
    live?: boolean;
    /**
     * Asks the user a yes/no question and resolves to their line (null at the end of input): set
     * only when stdin is a terminal, so piped input never confirms a proposal (chat-consent.ts).
     */
    ask?: (question: string) => Promise<string | null>;
  },
): Promise<boolean> {
  const text = line.trim();
  if (!text) return true;
  const { service, agent, out } = ctx;
  if (text === '/quit' || text === '/exit') return false;
  if (text === '/help') {
    out(HELP);
    return true;
  }
  if (text === '/tools') {
    out(
      `${agent
        .tools()
        .map((t) => `  ${t.name}: ${t.description}`)
        .join('\n')}\n`,
    );
    return true;
  }
  if (text === '/prompts') {
    out(
      `${CHAT_PROMPTS.map((p) => `  ${p.name} ${p.args.map((a) => (a.required ? `${a.name}=…` : `[${a.name}=…]`)).join(' ')}: ${p.description}`).join('\n')}\n`,
    );
    return true;
  }
  if (text === '/reset') {
    await agent.reset(ctx.conversation.id);
    ctx.conversation.id = `cli:${randomUUID()}`;
    out('New conversation.\n');
    return true;
  }
  if (text === '@folders') {
    const topics = await service.topics();
    out(
      topics.length
        ? `${topics.map((t) => `  ${t.name} (${t.count} paper${t.count === 1 ? '' : 's'})`).join('\n')}\n`
        : 'No topics yet: ask the agent to search for something.\n',
    );
    return true;
  }
  if (text.startsWith('@')) {
    out(await service.topicMarkdown(text.slice(1).trim()));
    return true;
  }
  const decision = /^\/(confirm|decline)(?:\s+(\S*))?\s*$/.exec(text);
  if (decision) {
    const [, verb, id = ''] = decision;
    if (!id)
      throw new AppError(
        'INVALID_INPUT',
        `/${verb} needs the proposal's id, e.g. /${verb} a1b2c3d4 (shown under the answer).`,
      );
    const done =
      verb === 'confirm'
        ? await agent.confirm(id, { conversationId: ctx.conversation.id })
        : await agent.decline(id, { conversationId: ctx.conversation.id });
    out(
      `${verb === 'confirm' ? 'Applied' : 'Declined'}: ${done.proposal.title}.${verb === 'confirm' ? '' : ' Nothing changed.'}\n`,
    );
    return true;
  }
  let question = text;
  if (text.startsWith('/prompt ') || text === '/prompt') {
    const [, name = '', rest = ''] = /^\/prompt\s*(\S*)\s*(.*)$/.exec(text) ?? [];
    question = buildPrompt(name, parsePromptArgs(rest));
    out(`(prompt ${name})\n`);
  } else if (text.startsWith('/')) {
    out(`Unknown command ${text.split(/\s/)[0]}. /help lists them.\n`);
    return true;
  }
  const live = liveAnswer(out);
  const reply = await agent.ask({ question, conversationId: ctx.conversation.id }, undefined, {
    onTool: (t) => out(`${live.lineBreak()}  → ${t.label}${t.isError ? ' (failed)' : ''}\n`),
    ...(ctx.live ? { onDraft: live.onDraft } : {}),
  });
  out(formatReply(reply, live.text(), ctx.ownLlm));
  if (ctx.ask) await askConsent(reply, { agent, conversationId: ctx.conversation.id, ask: ctx.ask, out });
  return true;
}

/**
 * Prints the answer as the model writes it. A new text (the model writes again after tool calls,
 * or a retry) starts on a new line; what was printed stays.
 */
export function liveAnswer(out: (s: string) => void) {
  let text = '';
  let midLine = false;
  const lineBreak = () => {
    const b = midLine ? '\n' : '';
    midLine = false;
    return b;
  };
  return {
    onDraft(d: AgentDraft) {
      if (d.restart) {
        out(lineBreak());
        text = '';
      }
      const delta = text ? d.delta : d.delta.trimStart();
      if (!delta) return;
      out(delta);
      text += delta;
      midLine = !delta.endsWith('\n');
    },
    lineBreak,
    /** The current text printed so far ('' when none). */
    text: () => text,
  };
}

export function register(program: Command): void {
  program
    .command('chat')
    .description(
      'chat with the research agent: it searches arXiv, reads papers and the library, with cited answers (@folders, /prompts, /tools, /quit)',
    )
    .option('--once <question>', 'ask one question, print the answer and exit')
    .option('--json', 'with --once: print the reply as JSON (answer, cited, steps, trace, …)')
    .action(async (opts: { once?: string; json?: boolean }, cmd: Command) => {
      await withService(cmd, async (service, ctx) => {
        const agent = await ctx.services.agent();
        const out = (s: string) => void process.stdout.write(s);
        const ownLlm =
          ctx.config.LLM_BASE_URL && ctx.config.LLM_MODEL
            ? llmLabel(ctx.config.LLM_MODEL, ctx.config.LLM_BASE_URL)
            : null;
        if (opts.once !== undefined) {
          // On a terminal the answer is printed as the model writes it.
          const live = !opts.json && process.stdout.isTTY ? liveAnswer(out) : undefined;
          const reply = await agent.ask({ question: opts.once }, undefined, {
            signal: ctx.signal,
            ...(opts.json
              ? {}
              : {
                  onTool: (t) =>
                    process.stderr.write(
                      `${live?.lineBreak() ?? ''}  → ${t.label}${t.isError ? ' (failed)' : ''}\n`,
                    ),
                }),
            ...(live ? { onDraft: live.onDraft } : {}),
          });
          if (opts.json) printJson(reply);
          else out(formatReply(reply, live?.text(), ownLlm));
          return;
        }
        const conversation = { id: `cli:${randomUUID()}` };
        const interactive = Boolean(process.stdin.isTTY);
        if (interactive)
          out(
            `arxiv-radar chat${agent.enabled ? '' : ' (no LLM configured: answers come from your library)'}. /help for commands.\n`,
          );
        const rl = readline.createInterface({
          input: process.stdin,
          output: process.stdout,
          terminal: interactive,
          historySize: 200,
        });
        rl.setPrompt('> ');
        if (interactive) rl.prompt();
        // The REPL's lines; a yes/no answer is a line typed after its question (chat-lines.ts).
        const lines = chatLines(rl);
        const ask = async (question: string) => {
          rl.setPrompt(question);
          rl.prompt();
          const answer = await lines.fresh();
          rl.setPrompt('> ');
          return answer;
        };
        try {
          for (let line = await lines.next(); line !== null; line = await lines.next()) {
            try {
              if (
                !(await handleLine(line, {
                  service,
                  agent,
                  conversation,
                  out,
                  ownLlm,
                  live: interactive && Boolean(process.stdout.isTTY),
                  ...(interactive ? { ask } : {}),
                }))
              )
                break;
            } catch (e) {
              out(`Error: ${errorMessage(e)}\n`);
            }
            if (interactive) rl.prompt();
          }
        } finally {
          rl.close();
          await agent.reset(conversation.id).catch(() => {});
        }
      });
    });
}
