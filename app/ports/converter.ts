/** Shared result type of every converter (PDF, HTML), the sandbox and the CLI `convert --json`. */
export interface ConvertResult {
  markdown: string;
  /** The document title when the converter found one (also the first `#` heading). */
  title: string | null;
  /** Every heading in document order; level 1 is the title. */
  sections: Array<{ level: number; title: string }>;
  /** Pages in the PDF; null for HTML. */
  pageCount: number | null;
  /** Non-fatal problems worth showing (pages skipped, truncated input, ...). */
  warnings: string[];
  /**
   * totalMs: the conversion itself. startMs (sandbox only): how long this document waited for a
   * newly started converter process (Node plus pdf.js), 0 when a warm one took it.
   */
  timings: { totalMs: number; startMs?: number };
}

/** The headings of a Markdown document, in order (fenced code is not special in our output). */
export function sectionsOf(markdown: string): Array<{ level: number; title: string }> {
  const out: Array<{ level: number; title: string }> = [];
  for (const m of markdown.matchAll(/^(#{1,6}) +(.+?) *$/gm)) {
    out.push({ level: m[1]!.length, title: m[2]! });
  }
  return out;
}
