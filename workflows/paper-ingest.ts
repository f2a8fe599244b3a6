/**
 * paperIngest: metadata → Markdown → store + chunks → summary. The Markdown comes from the first
 * source that has the paper: arXiv's HTML, ar5iv's HTML, the LaTeX source, the PDF (each step one
 * request through the arXiv gate, tried only when the one before has nothing or fails to convert).
 * Idempotent per id+version: content already stored is not converted again.
 */
import { ApplicationFailure, patched } from '@temporalio/workflow';
import type { ContentSource } from '../domain/content-source.ts';
import type { Paper } from '../domain/paper.ts';
import type { Summary } from '../domain/digest.ts';
import { arxiv } from './arxiv-proxies.ts';
import { heavy, main } from './main-proxies.ts';
import { trackProgress } from './progress.ts';

export interface PaperIngestInput {
  /** An id or URL, as a user typed it. */
  ref: string;
  source?: 'auto' | ContentSource;
  /** Known metadata (from a feed or a search) saves the lookup request. */
  paper?: Paper;
  /** Library topic to file the paper under. */
  topic?: string | null;
  summarize?: boolean;
}

export interface PaperIngestResult {
  id: string;
  version: number | null;
  title: string;
  source: ContentSource | null;
  contentKey: string | null;
  /**
   * Why there is no full text, when there is none: the reason alone (e.g. `no HTML version on
   * arXiv; PDF conversion failed: …`); renderers add their own "full text unavailable" framing.
   */
  note: string | null;
  summary: Summary | null;
}

/** How progress and notes name each source (`downloading the PDF`, `no HTML version on arXiv`: wording from before the cascade). */
const SOURCE_LABEL: Record<ContentSource, string> = {
  html: 'HTML',
  ar5iv: 'ar5iv HTML',
  latex: 'LaTeX source',
  pdf: 'PDF',
};
const MISSING: Record<ContentSource, string> = {
  html: 'no HTML version on arXiv',
  ar5iv: 'no ar5iv HTML',
  latex: 'no LaTeX source on arXiv',
  pdf: 'no PDF version on arXiv',
};

export async function paperIngest(input: PaperIngestInput): Promise<PaperIngestResult> {
  const stage = trackProgress('checking the reference');
  const ref = await main.resolveRef(input.ref);
  let paper = input.paper;
  if (!paper) {
    stage('looking up metadata on arXiv');
    const found = await arxiv.arxivLookupIds([ref.version ? `${ref.id}v${ref.version}` : ref.id]);
    paper = found.papers[0];
    // A workflow failure, not a plain Error: that would fail the workflow task, retried forever,
    // and the caller (the CLI's get, the agent's get_paper) would wait for its timeout.
    if (!paper)
      throw ApplicationFailure.create({
        type: 'NOT_FOUND',
        message: `arXiv has no paper ${input.ref}`,
        nonRetryable: true,
      });
  }
  const version = ref.version ?? paper.version;
  await main.storePapers({ papers: [paper], topic: input.topic ?? null });

  let source: ContentSource | null = null;
  let contentKey: string | null = null;
  const notes: string[] = [];
  const status = await main.contentStatus({ id: paper.id, version });
  const wanted = input.source ?? 'auto';
  if (status.stored && (wanted === 'auto' || wanted === status.source)) {
    source = status.source;
    contentKey = status.key;
  } else {
    // Histories from before the ar5iv and LaTeX steps replay with HTML → PDF.
    const cascade: ContentSource[] = patched('ar5iv-latex-cascade')
      ? ['html', 'ar5iv', 'latex', 'pdf']
      : ['html', 'pdf'];
    const kinds: ContentSource[] = wanted === 'auto' ? cascade : [wanted];
    for (const kind of kinds) {
      const label = SOURCE_LABEL[kind];
      stage(`downloading the ${label}`);
      const file = await arxiv.arxivDownload({
        kind: kind === 'latex' ? 'source' : kind,
        id: paper.id,
        version,
      });
      if ('notFound' in file) {
        notes.push(MISSING[kind]);
        continue;
      }
      stage(`converting the ${label} to Markdown`);
      // A blob key; results recorded before blob keys carry a local path instead (same reader).
      const outcome = await heavy.convertAndStore({
        id: paper.id,
        version,
        kind,
        key: file.key,
        ...(file.path ? { path: file.path } : {}),
      });
      if (outcome.ok) {
        source = outcome.source;
        contentKey = outcome.contentKey;
        break;
      }
      notes.push(`${label} conversion failed: ${outcome.reason}`);
    }
  }
  stage('summarising');
  const summary = input.summarize === false ? null : await heavy.summarizePaper({ id: paper.id, version });
  return {
    id: paper.id,
    version,
    title: paper.title,
    source,
    contentKey,
    note: contentKey ? null : notes.join('; ') || 'no full text was found',
    summary,
  };
}
