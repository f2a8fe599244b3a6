/**
 * A full-text source as the activities see it: what the arXiv queue's `arxivDownload` fetches for
 * it (and stores in the blob store), and which converter `convertAndStore` turns that into the
 * Markdown stored under its kind. Each source is one file in this folder, listed once, in cascade
 * order, in index.ts; its workflow side (label, notes, order) is workflows/content/.
 */
import type { ArxivClient } from '../../adapters/arxiv/client.ts';
import type { BlobExt } from '../../app/ports/blobs.ts';
import type { ContentSource } from '../../domain/content-source.ts';
import type { PipelineDeps } from '../pipeline/deps.ts';

/** The converters the sandbox runs (adapters/convert/). */
export type ConverterKind = Parameters<PipelineDeps['convert']>[0]['kind'];

export interface FullTextKind {
  /** What the stored Markdown records as its source (contents.source). */
  kind: ContentSource;
  /** `arxivDownload`'s `kind` for it, as workflow histories record it (the LaTeX source's is `source`). */
  download: string;
  /** The document and the extension it is stored under, or null when arXiv has none of it. */
  fetch(
    client: ArxivClient,
    id: string,
    version: number | null,
  ): Promise<{ data: Uint8Array; ext: BlobExt } | null>;
  /** The converter that turns the download into Markdown. */
  converter: ConverterKind;
}
