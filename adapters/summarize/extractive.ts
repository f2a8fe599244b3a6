/**
 * The default summariser: deterministic, offline, no model. Picks whole sentences from the
 * abstract, introduction and conclusion, scored by how central they are to the paper (overlap
 * with the title and the abstract's vocabulary) and by cue phrases authors use for their
 * contributions ("we propose", "we show", "outperforms"). Never invents text.
 */
import type { Summary } from '../../domain/digest.ts';
import type { SummaryInput } from '../../app/ports/summarizer.ts';
import { tokenize } from '../rank/bm25.ts';
import {
  cleanProse,
  findSection,
  proseParagraphs,
  rejectReason,
  splitSections,
  splitSentences,
} from './text.ts';

export type { SummaryInput } from '../../app/ports/summarizer.ts';

interface Candidate {
  text: string;
  source: 'abstract' | 'introduction' | 'conclusion' | 'body';
  /** Position within its source, 0-based. */
  position: number;
  tokens: string[];
  score: number;
}

const CUES: Array<[RegExp, number]> = [
  [/\b(we|this paper|this work|this article|here we)\s+(propose|present|introduce|develop|describe)\b/i, 2],
  [
    /\b(we|our results?|our experiments?|experiments?)\s+(show|demonstrate|find|found|reveal|indicate|suggest|prove)\b/i,
    2,
  ],
  [/\b(outperforms?|state[- ]of[- ]the[- ]art|improves?|significantly|achieves?)\b/i, 1.5],
  [/\b(our (main )?contributions?|in summary|in conclusion|we conclude)\b/i, 1.5],
  [/\b(novel|first|new (method|approach|model|framework))\b/i, 0.5],
];

const TLDR_MAX_WORDS = 75;
const MAX_KEY_POINTS = 5;
const MIN_KEY_POINTS = 3;

/** A 2-3 sentence TL;DR and 3-5 key points taken verbatim (cleaned) from the paper. Same input, same output. */
export function extractiveSummary(input: SummaryInput): Summary {
  const sections = input.markdown ? splitSections(input.markdown) : [];
  const abstractText = input.abstract.trim() || (findSection(sections, /^abstract$/i)?.text ?? '');
  const intro = findSection(sections, /^introduction\b/i);
  const conclusion = findSection(
    sections,
    /^(conclusions?|concluding remarks|summary and conclusions?|conclusions? and|summary$|discussion and conclusions?)/i,
  );

  const abstractSentences = sentencesOf(proseParagraphs(abstractText));
  const candidates = [
    ...toCandidates(abstractSentences, 'abstract'),
    ...toCandidates(sentencesOf(proseParagraphs(intro?.text ?? '')), 'introduction'),
    ...toCandidates(sentencesOf(proseParagraphs(conclusion?.text ?? '')), 'conclusion'),
  ];
  if (candidates.length === 0) {
    // Excerpts and odd layouts have none of the three sections: fall back to the whole body.
    const body = sections
      .filter((sec) => !/^(references|bibliography|acknowledg)/i.test(sec.title))
      .map((sec) => sec.text);
    candidates.push(...toCandidates(sentencesOf(body.flatMap(proseParagraphs)), 'body'));
  }
  scoreCandidates(candidates, input.title, abstractText);

  // Without an abstract, the introduction and conclusion stand in for it.
  const abstractCandidates = candidates.filter((c) => c.source === 'abstract');
  const tldr = pickTldr(abstractCandidates.length > 0 ? abstractCandidates : candidates);
  const used = new Set(tldr.map((c) => c.text));
  const keyPoints: Candidate[] = [];
  for (const c of [...candidates].sort(byScore)) {
    if (keyPoints.length >= MAX_KEY_POINTS) break;
    if (used.has(c.text) || keyPoints.some((k) => jaccard(k.tokens, c.tokens) > 0.5)) continue;
    keyPoints.push(c);
  }
  // Short papers: allow TL;DR sentences as key points rather than returning fewer than three.
  for (const c of tldr) if (keyPoints.length < MIN_KEY_POINTS && !keyPoints.includes(c)) keyPoints.push(c);

  const title = cleanProse(input.title).replace(/\s+/g, ' ');
  return {
    tldr: tldr.length > 0 ? tldr.map((c) => c.text).join(' ') : title,
    keyPoints: keyPoints.map((c) => c.text),
    method: 'extractive',
  };
}

function sentencesOf(paragraphs: string[]): string[] {
  return paragraphs.flatMap((p) => splitSentences(p)).filter((s) => rejectReason(s) === null);
}

function toCandidates(sentences: string[], source: Candidate['source']): Candidate[] {
  return sentences.map((text, position) => ({ text, source, position, tokens: tokenize(text), score: 0 }));
}

function scoreCandidates(candidates: Candidate[], title: string, abstract: string): void {
  const titleTerms = new Set(tokenize(title));
  const abstractFreq = new Map<string, number>();
  for (const t of tokenize(abstract)) abstractFreq.set(t, (abstractFreq.get(t) ?? 0) + 1);
  for (const c of candidates) {
    const unique = new Set(c.tokens);
    let centrality = 0;
    for (const t of unique) {
      if (titleTerms.has(t)) centrality += 1;
      const f = abstractFreq.get(t);
      if (f) centrality += Math.min(f, 4) * 0.25;
    }
    // Normalise by length so long sentences do not win on word count alone.
    centrality /= Math.sqrt(Math.max(8, unique.size));
    const cue = CUES.reduce((s, [re, w]) => (re.test(c.text) ? s + w : s), 0);
    const lead = c.source === 'abstract' && c.position === 0 ? 1 : 0;
    const sourceWeight = { abstract: 1, conclusion: 0.9, introduction: 0.7, body: 0.6 }[c.source];
    c.score = (centrality + cue + lead) * sourceWeight;
  }
}

/** The opening sentence of the abstract (it states the problem or the contribution) plus the best-scoring others, in reading order. */
function pickTldr(abstract: Candidate[]): Candidate[] {
  if (abstract.length === 0) return [];
  const picked: Candidate[] = [abstract[0]!];
  let words = wordCount(abstract[0]!.text);
  for (const c of [...abstract.slice(1)].sort(byScore)) {
    if (picked.length >= 3 || (picked.length >= 2 && words > 45)) break;
    if (words + wordCount(c.text) > TLDR_MAX_WORDS && picked.length >= 2) continue;
    picked.push(c);
    words += wordCount(c.text);
  }
  return picked.sort((a, b) => sourceOrder(a) - sourceOrder(b) || a.position - b.position);
}

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || sourceOrder(a) - sourceOrder(b) || a.position - b.position;
}

function sourceOrder(c: Candidate): number {
  return { abstract: 0, introduction: 1, conclusion: 2, body: 3 }[c.source];
}

function wordCount(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}

function jaccard(a: string[], b: string[]): number {
  const A = new Set(a);
  const B = new Set(b);
  if (A.size === 0 || B.size === 0) return 0;
  let inter = 0;
  for (const t of A) if (B.has(t)) inter++;
  return inter / (A.size + B.size - inter);
}
