/**
 * paperIngest's full-text cascade, in the order it tries the sources: the first that has the paper
 * and converts wins. A new source: one file in this folder, one line here (and, for a new kind,
 * its entry in domain/content-source.ts, a store migration of contents.source and its download
 * on the arXiv queue).
 */
import { ar5ivSource } from './ar5iv.ts';
import { htmlSource } from './html.ts';
import { latexSource } from './latex.ts';
import { pdfSource } from './pdf.ts';
import type { FullTextSource } from './source.ts';

export const CONTENT_CASCADE: readonly FullTextSource[] = [htmlSource, ar5ivSource, latexSource, pdfSource];
