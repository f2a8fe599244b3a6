/**
 * Session 18 (tt19): evidence that the line under a title's line still belongs to the title, whatever
 * its words look like: the line above leaves its phrase open, or the page sets all its text double-spaced
 * (a review manuscript), so the title's wide line gap is only the page's own leading.
 */
import type { Segment } from './pdf-layout.ts';

/** A title line that leaves its phrase open: a colon, a dash or comma, or a connecting word at its end. */
const OPEN_PHRASE = /(?:[:,–—-]|\b(?:and|or|of|for|in|on|with|to|via|the|a|an|from|by|at))$/i;

/** `text` ends mid-phrase: a title never ends so, so the next line of the title's type finishes it. */
export function leavesPhraseOpen(text: string): boolean {
  return OPEN_PHRASE.test(text.trim());
}

/**
 * The page's body lines are double-spaced: the median baseline step between consecutive body-size
 * lines of one column is at least 1.8 times the body size (single spacing is about 1.2).
 */
export function doubleSpaced(page: readonly Segment[], body: number): boolean {
  const lines = page.filter((s) => Math.abs(s.size - body) < 0.6).sort((a, b) => a.top - b.top);
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!;
    const b = lines[i]!;
    const step = b.baseline - a.baseline;
    if (Math.abs(a.x0 - b.x0) < 2 && step > 0.5 * body && step < 4 * body) steps.push(step);
  }
  if (steps.length < 5) return false;
  steps.sort((x, y) => x - y);
  return steps[Math.floor(steps.length / 2)]! >= 1.8 * body;
}
