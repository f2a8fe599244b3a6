/**
 * paperIngest's full-text cascade, in the order it tries the sources: the first that has the paper
 * and converts wins. A new source: one file in this folder and one line here, plus its activity
 * side (what arxivDownload fetches, which converter convertAndStore runs): one file and one line in
 * activities/content/, the same kinds in the same order. A new stored kind also needs its name in
 * domain/content-source.ts, the paper page's wording (web/views/paper.ts) and a store migration of
 * contents.source.
 */
import { ar5ivSource } from './ar5iv.ts';
import { htmlSource } from './html.ts';
import { latexSource } from './latex.ts';
import { pdfSource } from './pdf.ts';
import type { FullTextSource } from './source.ts';

export const CONTENT_CASCADE: readonly FullTextSource[] = [htmlSource, ar5ivSource, latexSource, pdfSource];
