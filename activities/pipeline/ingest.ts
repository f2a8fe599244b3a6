/**
 * Main-queue activities of paper ingest: store metadata, convert a downloaded file into stored
 * Markdown + retrieval chunks, summarise. Each is idempotent per id+version: re-running one
 * overwrites the same rows, never adds a duplicate.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { extractArxivId } from '../../domain/arxiv-ids.ts';
import type { Paper } from '../../domain/paper.ts';
import { isBlobKey } from '../../app/ports/blobs.ts';
import type { Summary } from '../../domain/digest.ts';
import { errorMessage, isAppError } from '../../domain/errors.ts';
import type { PipelineDeps } from './deps.ts';
import type { ContentSource } from '../../app/ports/store.ts';
import { FULL_TEXT_KINDS, byKind } from '../content/index.ts';

export type ConvertOutcome =
  | { ok: true; contentKey: string; source: ContentSource; warnings: string[]; sections: number }
  | { ok: false; source: ContentSource; reason: string };

/** Runs `work` while heartbeating, so Temporal knows a long conversion is alive (and can cancel it). */
export async function withHeartbeat<T>(work: Promise<T>, everyMs = 5000): Promise<T> {
  let ctx: Context | undefined;
  try {
    ctx = Context.current();
  } catch {
    ctx = undefined; // called outside an activity (tests)
  }
  const timer = ctx ? setInterval(() => ctx?.heartbeat(), everyMs) : undefined;
  try {
    return await work;
  } finally {
    if (timer) clearInterval(timer);
  }
}

export function createIngestActivities(deps: PipelineDeps) {
  const { store } = deps;
  return {
    /** Validates a user-supplied id or URL (never fetches anything). Bad input fails the workflow at once. */
    async resolveRef(ref: string): Promise<{ id: string; version: number | null }> {
      try {
        return extractArxivId(ref);
      } catch (e) {
        throw ApplicationFailure.nonRetryable(errorMessage(e), 'INVALID_INPUT');
      }
    },

    async storePapers(input: {
      papers: Paper[];
      topic?: string | null;
    }): Promise<{ inserted: number; updated: number }> {
      if (input.papers.length === 0) return { inserted: 0, updated: 0 };
      return store.upsertPapers(input.papers, input.topic ? { topic: input.topic } : {});
    },

    /** The stored Markdown for id+version, if any: ingest skips conversion when it is there. */
    async contentStatus(input: {
      id: string;
      version: number | null;
    }): Promise<{ stored: boolean; source: ContentSource | null; key: string | null }> {
      const c = await store.getContent(input.id, input.version);
      if (!c || (input.version !== null && c.version !== input.version))
        return { stored: false, source: null, key: null };
      return { stored: true, source: c.source, key: c.key };
    },

    /**
     * Converts a downloaded HTML (arXiv's or ar5iv's), LaTeX source or PDF (a blob key; histories
     * recorded before blob keys pass a local path) with the converter of its full-text source
     * (activities/content/) and stores the Markdown and its chunks, with `kind` as its source.
     * Failures are data, not errors.
     */
    async convertAndStore(input: {
      id: string;
      version: number | null;
      kind: ContentSource;
      key?: string;
      path?: string;
    }): Promise<ConvertOutcome> {
      const ref = input.key ?? input.path;
      if (!ref)
        throw ApplicationFailure.nonRetryable(
          'convertAndStore needs the key of a downloaded document',
          'INVALID_INPUT',
        );
      const source = byKind(input.kind);
      if (!source)
        throw ApplicationFailure.nonRetryable(
          `convertAndStore cannot convert a "${String(input.kind)}" document: use ${FULL_TEXT_KINDS.map((s) => s.kind).join(', ')}`,
          'INVALID_INPUT',
        );
      const local = isBlobKey(ref)
        ? await deps.blobs.localFile(ref)
        : { path: ref, release: async () => undefined };
      let result;
      try {
        // A PDF's title is taken from the block matching the stored metadata title (cover pages,
        // banners); a line of the stored authors' names is never a heading.
        const paper = source.converter === 'pdf' ? await store.getPaper(input.id) : null;
        const title = paper?.title;
        const authors = paper?.authors.map((a) => a.name);
        result = await withHeartbeat(
          deps.convert({
            kind: source.converter,
            path: local.path,
            ...(title ? { title } : {}),
            ...(authors?.length ? { authors } : {}),
          }),
        );
      } catch (e) {
        // Corrupt, encrypted, text-less or too slow: permanent for this file, so report and let the caller fall back.
        if (isAppError(e) && !e.retryable) return { ok: false, source: input.kind, reason: e.message };
        if (isAppError(e)) throw e;
        return { ok: false, source: input.kind, reason: errorMessage(e) };
      } finally {
        await local.release();
      }
      const { key } = await store.saveContent({
        id: input.id,
        version: input.version,
        source: input.kind,
        markdown: result.markdown,
        warnings: result.warnings,
      });
      await store.replaceChunks(input.id, input.version, deps.chunk(result.markdown));
      return {
        ok: true,
        contentKey: key,
        source: input.kind,
        warnings: result.warnings,
        sections: result.sections.length,
      };
    },

    /** Summarises a stored paper (full text when stored, else the abstract) and stores the summary. */
    async summarizePaper(input: { id: string; version: number | null }): Promise<Summary> {
      const existing = await store.getSummary(input.id, input.version);
      if (existing) return existing;
      const paper = await store.getPaper(input.id);
      if (!paper)
        throw ApplicationFailure.nonRetryable(`paper ${input.id} is not in the library`, 'NOT_FOUND');
      const content = await store.getContent(input.id, input.version);
      const summary = await deps.summarize({
        title: paper.title,
        abstract: paper.abstract,
        markdown: content?.markdown ?? null,
      });
      await store.saveSummary(input.id, input.version, summary);
      return summary;
    },
  };
}
