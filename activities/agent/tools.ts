/**
 * The research agent's tools: its own arXiv tools plus the tools it shares with MCP (app/tools/),
 * described once. Their argument schemas (zod) are turned into JSON Schemas for the model, and the
 * model's arguments are checked against the same schemas before anything runs. External MCP servers'
 * tools (MCP_SERVERS_FILE) join the list under `<server>__<tool>`.
 */
import { z } from 'zod';
import { getPaperShape, searchPapersShape } from '../../domain/tool-schemas.ts';
import type { AgentToolCall } from '../../domain/agent.ts';
import { parseToolArguments } from '../../domain/agent.ts';
import type { ToolSpec } from '../../app/ports/llm.ts';
import { SHARED_TOOLS, sharedTool, toolShape } from '../../app/tools/index.ts';
import { formatIssues } from '../../lib/zod-issues.ts';

/** The agent's own tools: arXiv work, which the agentTurn workflow runs as child workflows. */
const OWN_TOOLS = ['search_arxiv', 'get_paper'] as const;
type OwnTool = (typeof OWN_TOOLS)[number];

/** Names of the built-in tools, in the order the model sees them: its own, then those shared with MCP. */
const agentToolNames = (): string[] => [...OWN_TOOLS, ...SHARED_TOOLS.map((t) => t.name)];

const SECTION_MAX = 200;

/** What the model is told of a tool with a side effect (SharedTool.sideEffect): its call is a proposal. */
const PROPOSES_ONLY =
  'It only proposes: the user sees what would change and applies it with their own Confirm control; you cannot apply it.';

/** Each own tool's description and argument schema. */
const DEFINITIONS: Record<OwnTool, { description: string; schema: z.ZodObject }> = {
  search_arxiv: {
    description:
      'Search arXiv for a topic (plain language or an arXiv query): builds the query, searches, reranks, and stores the papers in the library under the topic. Returns ids, titles, scores and TL;DRs.',
    schema: z.object(searchPapersShape),
  },
  get_paper: {
    description:
      'Read an arXiv paper (fetched and converted to Markdown if it is not in the library yet). Without "section": metadata, abstract and the list of sections. With "section" (a number such as "3" or "3.2", or words of a heading): that section only. Read only the sections you need.',
    schema: z.object({
      ...getPaperShape,
      section: z
        .string()
        .trim()
        .min(1)
        .max(SECTION_MAX)
        .optional()
        .describe('Section number or heading words; omit for the abstract and the list of sections'),
    }),
  },
};

export const isBuiltinTool = (name: string): boolean => agentToolNames().includes(name);

/** A built-in tool's description and argument schema: its own, or a shared tool's (what the model may give). */
function definitionOf(name: string): { description: string; schema: z.ZodObject } {
  if ((OWN_TOOLS as readonly string[]).includes(name)) return DEFINITIONS[name as OwnTool];
  const shared = sharedTool(name)!;
  return {
    description: shared.sideEffect ? `${shared.description} ${PROPOSES_ONLY}` : shared.description,
    schema: z.object(toolShape(shared, 'model')),
  };
}

/** The built-in tools as the model sees them (JSON Schema of each tool's input). */
export function builtinToolSpecs(): ToolSpec[] {
  return agentToolNames().map((name) => {
    const { description, schema } = definitionOf(name);
    const { $schema: _ignored, ...parameters } = z.toJSONSchema(schema, { io: 'input' }) as Record<
      string,
      unknown
    >;
    return { name, description, parameters };
  });
}

/**
 * Parses (repairing broken JSON) and validates one call the model made. `external` names the tools
 * of external MCP servers, whose own servers validate their arguments.
 */
export function checkToolCall(
  call: { id: string; name: string; arguments: string },
  external: ReadonlySet<string>,
): AgentToolCall {
  const parsed = parseToolArguments(call.arguments);
  if (!parsed.ok) return { id: call.id, name: call.name, argumentsJson: '{}', error: parsed.error };
  const argumentsJson = JSON.stringify(parsed.value);
  if (external.has(call.name)) return { id: call.id, name: call.name, argumentsJson, args: parsed.value };
  if (!isBuiltinTool(call.name)) {
    return {
      id: call.id,
      name: call.name,
      argumentsJson,
      error: `there is no tool "${call.name.slice(0, 80)}"; use one of: ${[...agentToolNames(), ...external].join(', ')}`,
    };
  }
  const checked = definitionOf(call.name).schema.safeParse(parsed.value);
  if (!checked.success)
    return {
      id: call.id,
      name: call.name,
      argumentsJson,
      error: `invalid arguments for ${call.name}: ${formatIssues(checked.error.issues)}`,
    };
  const args = checked.data as Record<string, unknown>;
  // A tool with a side effect: the call says so, and the agentTurn workflow only proposes it.
  if (sharedTool(call.name)?.sideEffect)
    return { id: call.id, name: call.name, argumentsJson, args, proposes: true };
  return { id: call.id, name: call.name, argumentsJson, args };
}

/** Markdown headings of a document: level, number (when the heading starts with one) and title. */
function headings(markdown: string): Array<{ index: number; level: number; title: string }> {
  const out: Array<{ index: number; level: number; title: string }> = [];
  const re = /^(#{1,6})[ \t]+(.+?)[ \t]*#*$/gm;
  for (const m of markdown.matchAll(re))
    out.push({ index: m.index, level: m[1]!.length, title: m[2]!.trim() });
  return out;
}

/**
 * One section of a paper's Markdown, by number ("3", "3.2") or by words of its heading; the
 * section runs to the next heading of the same or a higher level. Null when none matches.
 */
export function sectionOf(markdown: string, wanted: string): { title: string; text: string } | null {
  const hs = headings(markdown);
  const w = wanted.trim().toLowerCase().replace(/^§\s*/, '');
  const numbered = /^\d+(\.\d+)*\.?$/.test(w) ? w.replace(/\.$/, '') : null;
  const hit =
    hs.find(
      (h) =>
        numbered !== null &&
        new RegExp(`^${numbered.replace(/\./g, '\\.')}(\\.|\\s|$)`).test(h.title.toLowerCase()),
    ) ??
    hs.find((h) => h.title.toLowerCase() === w) ??
    hs.find((h) => h.title.toLowerCase().includes(w));
  if (!hit) return null;
  const next = hs.find((h) => h.index > hit.index && h.level <= hit.level);
  return { title: hit.title, text: markdown.slice(hit.index, next?.index ?? markdown.length).trim() };
}

/** The list of sections of a paper's Markdown (for the model to choose from). */
export function outlineOf(markdown: string): string[] {
  return headings(markdown)
    .filter((h) => h.level >= 2 && h.level <= 4)
    .map((h) => `${'  '.repeat(Math.max(0, h.level - 2))}- ${h.title}`);
}
