/**
 * The research agent's pure rules, shared by the agentTurn workflow (deterministic code) and the
 * activities: message shapes, repairing broken JSON arguments, which arXiv ids a text cites and
 * whether tools returned them, cutting tool output to the budget, and the confirmation rule of
 * subscribe_topic. No I/O here.
 */

/** A chat message in the OpenAI chat-completions shape (what the store keeps, what the LLM gets). */
export type AgentMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: AgentToolCallWire[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface AgentToolCallWire {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A tool call after the model's arguments were parsed (or repaired) and checked. */
export interface AgentToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text to keep in the conversation (repaired when they were broken). */
  argumentsJson: string;
  /** Parsed and validated arguments; absent when `error` is set. */
  args?: Record<string, unknown>;
  /** Why the call cannot run (invalid JSON after repair and one re-ask, unknown tool, bad arguments). */
  error?: string;
  /**
   * Its tool has a side effect (SharedTool.sideEffect): the agentTurn workflow only records the call
   * as a proposal for the user (domain/agent-proposals.ts), it never runs it.
   */
  proposes?: boolean;
}

export interface AgentLimits {
  maxSteps: number;
  maxToolChars: number;
  maxSeconds: number;
}

export const DEFAULT_AGENT_LIMITS: AgentLimits = { maxSteps: 8, maxToolChars: 24_000, maxSeconds: 180 };

/** Which budget ended a turn early, if one did. */
export type BudgetHit = 'steps' | 'tool-output' | 'time' | null;

// New-style ids (0704.0001 onwards: YYMM.NNNN or YYMM.NNNNN) and old-style archive/YYMMNNN ids,
// optionally versioned (arXiv identifier scheme, https://info.arxiv.org/help/arxiv_identifier.html).
const NEW_ID = String.raw`\d{4}\.\d{4,5}(?:v\d+)?`;
const OLD_ID = String.raw`[a-z][a-z-]*(?:\.[A-Z]{2})?\/\d{7}(?:v\d+)?`;
// A bare id (not part of another token), or one in an arxiv.org abs/pdf/html link: models often cite by link.
const ID_IN_TEXT = new RegExp(
  String.raw`(?:(?<![\w./])(?:arXiv:\s?)?|(?<=arxiv\.org\/(?:abs|pdf|html)\/))(${NEW_ID}|${OLD_ID})(?![\w])`,
  'g',
);

/** An id without its version: `2401.12345v2` → `2401.12345`. */
export const baseArxivId = (id: string) => id.replace(/v\d+$/, '');

/** Every arXiv id mentioned in a text (base ids, first mention order, no duplicates). */
export function arxivIdsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(ID_IN_TEXT)) if (m[1]) out.add(baseArxivId(m[1]));
  return [...out];
}

/** How the agent marks a failed tool call's result in the conversation (`Error: get_paper failed: …`). */
export const TOOL_ERROR_PREFIX = 'Error: ';

/**
 * The ids tool results returned in this conversation: the only ones an answer may cite. Failed
 * calls do not count: "arXiv has no paper 2401.99999" names an id nothing found.
 */
export function idsFromTools(messages: readonly AgentMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'tool' || m.content.startsWith(TOOL_ERROR_PREFIX)) continue;
    for (const id of arxivIdsIn(m.content)) ids.add(id);
  }
  return ids;
}

export const REMOVED_CITATION = '[citation removed: not found by a tool]';

/**
 * Checks an answer's citations against the ids tools returned: an id no tool returned is replaced
 * by a visible marker (the model invented it or remembered it from training), so a user never sees
 * an unverified paper as a source. Returns the cleaned answer, the verified ids in order of first
 * mention, and the removed ones.
 */
export function checkCitations(
  answer: string,
  known: ReadonlySet<string>,
): { answer: string; cited: string[]; removed: string[] } {
  const cited: string[] = [];
  const removed: string[] = [];
  const cleaned = answer.replace(ID_IN_TEXT, (whole, id: string) => {
    const base = baseArxivId(id);
    if (known.has(base)) {
      if (!cited.includes(base)) cited.push(base);
      return whole;
    }
    if (!removed.includes(base)) removed.push(base);
    return REMOVED_CITATION;
  });
  // "[...](https://arxiv.org/abs/[citation removed…])" would be a broken link: drop the link around a
  // marker, and a bare link becomes the marker alone.
  const tidy = cleaned
    .replace(
      /\(https?:\/\/(?:www\.)?arxiv\.org\/(?:abs|pdf|html)\/\[citation removed: not found by a tool\](?:\.pdf)?\)/gi,
      '',
    )
    .replace(
      /https?:\/\/(?:www\.)?arxiv\.org\/(?:abs|pdf|html)\/(\[citation removed: not found by a tool\])(?:\.pdf)?/gi,
      '$1',
    );
  return { answer: tidy, cited, removed };
}

/**
 * Parses a model's tool arguments, repairing what models commonly break: code fences, prose around
 * the object, single quotes, unquoted keys, trailing commas, Python literals, missing closing
 * brackets. Returns the object, or why it is not one.
 */
export function parseToolArguments(
  text: string,
): { ok: true; value: Record<string, unknown>; repaired: boolean } | { ok: false; error: string } {
  const raw = text.trim();
  if (raw === '') return { ok: true, value: {}, repaired: false };
  const direct = tryObject(raw);
  if (direct) return { ok: true, value: direct, repaired: false };
  const repaired = tryObject(repairJson(raw));
  if (repaired) return { ok: true, value: repaired, repaired: true };
  let reason = 'not a JSON object';
  try {
    JSON.parse(raw);
  } catch (e) {
    reason = e instanceof Error ? e.message : String(e);
  }
  return { ok: false, error: `arguments are not valid JSON (${reason}): ${raw.slice(0, 200)}` };
}

function tryObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Best-effort textual repair of almost-JSON (see parseToolArguments). */
export function repairJson(text: string): string {
  let s = text.trim();
  const fenced = /```(?:json)?\s*([\s\S]*?)(?:```|$)/i.exec(s);
  if (fenced?.[1]) s = fenced[1].trim();
  const start = s.indexOf('{');
  if (start > 0) s = s.slice(start);
  // Walk once: convert single-quoted strings, quote bare keys, track open brackets outside strings.
  let out = '';
  const stack: string[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      let body = '';
      while (j < s.length && s[j] !== c) {
        if (s[j] === '\\' && j + 1 < s.length) {
          body += s[j]! + s[j + 1]!;
          j += 2;
          continue;
        }
        body += s[j] === '"' ? '\\"' : s[j];
        j++;
      }
      out += `"${c === "'" ? body.replace(/\\'/g, "'") : body}"`;
      i = j + 1;
      continue;
    }
    if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') stack.pop();
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$-]*/.exec(s.slice(i))!;
      const word = m[0];
      const after = s.slice(i + word.length).trimStart();
      if (after.startsWith(':')) out += `"${word}"`;
      else out += word === 'True' ? 'true' : word === 'False' ? 'false' : word === 'None' ? 'null' : word;
      i += word.length;
      continue;
    }
    out += c;
    i++;
  }
  out = out.replace(/,\s*([}\]])/g, '$1').replace(/,\s*$/, '');
  while (stack.length) out += stack.pop();
  return out;
}

/** Cuts a tool result to `max` characters, saying so (the model should ask for less, e.g. one section). */
export function cutToolOutput(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 80) return text.slice(0, Math.max(0, max));
  const note = `\n…[cut: ${text.length - max + 60} more characters not shown; ask for a section or fewer results]`;
  return text.slice(0, max - note.length) + note;
}

/**
 * Legacy (replays of turns recorded before domain/agent-proposals.ts; new turns never apply a write):
 * subscribe_topic acted when a call with `confirmed: true` runs if an earlier
 * call in this conversation proposed the same subscription (same arguments) and the user wrote
 * after that proposal. Anything else gets a proposal back, which the model shows the user.
 */
export function subscriptionConfirmed(
  messages: readonly AgentMessage[],
  args: Record<string, unknown>,
): boolean {
  if (args.confirmed !== true) return false;
  const wanted = canonicalSubscription(args);
  let proposedAt = -1;
  messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    for (const c of m.tool_calls ?? []) {
      if (c.function.name !== 'subscribe_topic') continue;
      const parsed = parseToolArguments(c.function.arguments);
      if (parsed.ok && parsed.value.confirmed !== true && canonicalSubscription(parsed.value) === wanted)
        proposedAt = i;
    }
  });
  return proposedAt >= 0 && messages.slice(proposedAt + 1).some((m) => m.role === 'user');
}

/** The subscription arguments without `confirmed`, keys sorted: what "the same subscription" means. */
export function canonicalSubscription(args: Record<string, unknown>): string {
  const { confirmed: _c, ...rest } = args;
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(rest)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
}

/** The instructions the agent works under. */
export function agentSystemPrompt(today: string, limits: AgentLimits): string {
  return [
    'You are arxiv-radar, a research assistant for arXiv papers. Use the tools to find and read papers; do not rely on memory for paper ids or results.',
    `Today is ${today}. You have at most ${limits.maxSteps} model calls in this turn, so plan: search or list first, then read only the sections you need (get_paper with "section").`,
    'Cite papers as arXiv:<id> (e.g. arXiv:2401.12345), and only ids a tool returned in this conversation; citations of any other id are removed before the user sees the answer.',
    'subscribe_topic only proposes a change to the user’s digests: the user applies it with their own Confirm control, never you. Say what it would do; never say it is done.',
    'If a tool fails, say what failed and continue with what you have. Answer concisely in Markdown.',
  ].join('\n');
}

/** What the agent tells the model when a budget ran out: answer now, with what it has. */
export function budgetNote(hit: Exclude<BudgetHit, null>): string {
  const what =
    hit === 'steps' ? 'the step budget' : hit === 'time' ? 'the time budget' : 'the tool-output budget';
  return `You have used ${what} of this turn: no more tool calls. Answer now with what the tool results so far show, and say briefly that the answer may be incomplete because ${what} ran out.`;
}

/** The sentence added to an answer when a budget ended the turn (in case the model did not say so). */
export function budgetSentence(hit: Exclude<BudgetHit, null>): string {
  const what =
    hit === 'steps'
      ? 'its step budget (AGENT_MAX_STEPS)'
      : hit === 'time'
        ? 'its time budget (AGENT_MAX_SECONDS)'
        : 'its tool-output budget (AGENT_MAX_TOOL_CHARS)';
  return `_The agent ran out of ${what}; this answer uses what it found so far._`;
}

/**
 * The answer of a turn whose time budget (a deadline) cut the model or the tools: what the turn
 * has (the model's last words, the tool calls made, the papers the tools returned), saying so.
 */
export function outOfTimeAnswer(
  maxSeconds: number,
  lastText: string | null,
  toolLabels: string[],
  ids: string[],
): string {
  const parts = [
    `The time budget of this turn (${maxSeconds} s) ran out before the model finished its answer.`,
  ];
  if (lastText) parts.push(`The model had said: ${lastText}`);
  if (toolLabels.length) parts.push(`Done so far: ${toolLabels.join('; ')}.`);
  if (ids.length) parts.push(`Papers the tools returned: ${ids.map((id) => `arXiv:${id}`).join(', ')}.`);
  parts.push('Ask again (a narrower question needs fewer steps), or raise AGENT_MAX_SECONDS.');
  return parts.join('\n\n');
}

/**
 * Which LLM answered, as people read it: `gpt-4o at api.openai.com` (the model and the host of
 * LLM_BASE_URL; never its path or credentials). Front ends compare it with their own settings.
 */
export function llmLabel(model: string, baseUrl: string): string {
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    // not a URL: the config check reports it
  }
  return `${model} at ${host}`;
}

/** Progress line for a tool call ("searching arXiv: graph transformers", "reading 2401.12345 §3"). */
export function describeToolCall(name: string, args: Record<string, unknown> | undefined): string {
  const a = args ?? {};
  const s = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : '');
  switch (name) {
    case 'search_arxiv':
      return `searching arXiv: ${s('topic')}`;
    case 'get_paper':
      return `reading ${s('ref') || s('url_or_id')}${s('section') ? ` §${s('section')}` : ''}`;
    case 'list_papers':
      return `listing library papers${s('query') ? `: ${s('query')}` : s('topic') ? ` in ${s('topic')}` : ''}`;
    case 'ask_papers':
    case 'ask_library': // its name in turns recorded before it was shared with MCP
      return `asking the library: ${s('question')}`;
    case 'list_topics':
      return 'listing topics';
    case 'subscribe_topic':
      return `proposing subscription ${s('name')}`;
    default:
      return `calling ${name}`;
  }
}

/** What search_arxiv shows the model: the query, then each paper with id, title, score and TL;DR. */
export function formatSearchResult(
  topic: string,
  r: {
    query: string;
    ranker: string;
    results: Array<{
      paper: {
        id: string;
        title: string;
        abstract: string;
        published: string;
        authors: Array<{ name: string }>;
      };
      score: number;
      summary: { tldr: string } | null;
    }>;
  },
): string {
  if (r.results.length === 0)
    return `No arXiv papers found for "${topic}" (query: ${r.query}). Try other words.`;
  const lines = r.results.map((x, i) => {
    const authors =
      x.paper.authors
        .slice(0, 3)
        .map((a) => a.name)
        .join(', ') + (x.paper.authors.length > 3 ? ' et al.' : '');
    const abstract = x.paper.abstract.replace(/\s+/g, ' ').trim();
    const tldr = x.summary?.tldr
      ? `\n   TL;DR: ${x.summary.tldr}`
      : `\n   Abstract: ${abstract.length > 300 ? `${abstract.slice(0, 300)}…` : abstract}`;
    return `${i + 1}. arXiv:${x.paper.id} — ${x.paper.title.replace(/\s+/g, ' ')} (${authors}; ${x.paper.published.slice(0, 10)}; score ${x.score.toFixed(2)})${tldr}`;
  });
  return `arXiv search "${topic}" (query: ${r.query}; ranked by ${r.ranker}; stored under topic "${topic}"):\n${lines.join('\n')}`;
}
