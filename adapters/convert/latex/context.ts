/**
 * The state one LaTeX → Markdown conversion carries: counters, labels, footnotes, the
 * bibliography, and the scanner itself (`render`), so the modules that render parts of a
 * document (environments, tables, references) can render their contents without importing it.
 */
import { AppError } from '../../../domain/errors.ts';
import type { BibEntry } from './bibliography.ts';

export interface Ctx {
  /** The scanner (blocks.ts): text → Markdown blocks; `inlineOnly` keeps everything on one line. */
  render: (s: string, ctx: Ctx, inlineOnly?: boolean) => string[];
  footnotes: string[];
  /** \label → the number it stands for and what it numbers (Section, Equation, Figure, a theorem's name). */
  labels: Map<string, { n: string; kind: string }>;
  /** Current \label target (the last numbered thing) and its kind. */
  anchor: string;
  anchorKind: string;
  sec: number[];
  appendix: boolean;
  eq: number;
  floats: Record<string, number>;
  theorems: Map<string, { title: string; counter: string; within: string | null }>;
  theoremCount: Map<string, number>;
  bib: BibEntry[];
  citeNumber: Map<string, number>;
  referencesPlaced: boolean;
  unknown: Set<string>;
  /** Environments and groups being rendered inside one another (hostile nesting stops at MAX_NESTING). */
  depth: number;
}

const MAX_NESTING = 100;

export function nest<T>(ctx: Ctx, work: () => T): T {
  if (++ctx.depth > MAX_NESTING) {
    throw new AppError(
      'CONVERT_CORRUPT',
      `The LaTeX source nests environments or groups more than ${MAX_NESTING} deep; it cannot be converted.`,
    );
  }
  try {
    return work();
  } finally {
    ctx.depth--;
  }
}

export function newContext(render: Ctx['render'], theorems: Ctx['theorems']): Ctx {
  return {
    render,
    footnotes: [],
    labels: new Map(),
    anchor: '',
    anchorKind: '',
    sec: [0, 0, 0, 0, 0, 0],
    appendix: false,
    eq: 0,
    floats: {},
    theorems,
    theoremCount: new Map(),
    bib: [],
    citeNumber: new Map(),
    referencesPlaced: false,
    unknown: new Set(),
    depth: 0,
  };
}

/** Text on one line (captions, cells, titles, footnotes). */
export function inline(s: string, ctx: Ctx): string {
  return nest(ctx, () => ctx.render(s, ctx, true))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The scanner's position in one text (blocks.ts): handlers read `s` at `i`, append to `para`, emit blocks. */
export interface Scan {
  s: string;
  i: number;
  /** The paragraph being built. */
  para: string;
  inlineOnly: boolean;
  ctx: Ctx;
  /** Emit a block (flushing the paragraph first), or append it to the line when inlineOnly. */
  block: (b: string) => void;
}
