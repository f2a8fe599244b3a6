/**
 * paperIngest: metadata → Markdown (arXiv HTML first, PDF fallback) → store + chunks → summary.
 * Idempotent per id+version: content already stored is not converted again.
 */
import { ApplicationFailure } from '@temporalio/workflow';
import type { Paper } from '../domain/paper.ts';
import type { Summary } from '../domain/digest.ts';
import { arxiv } from './arxiv-proxies.ts';
import { heavy, main } from './main-proxies.ts';
import { trackProgress } from './progress.ts';

export interface PaperIngestInput {
  /** An id or URL, as a user typed it. */
  ref: string;
  source?: 'auto' | 'html' | 'pdf';
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
  source: 'html' | 'pdf' | null;
  contentKey: string | null;
  /**
   * Why there is no full text, when there is none: the reason alone (e.g. `no HTML version on
   * arXiv; PDF conversion failed: …`); renderers add their own "full text unavailable" framing.
   */
  note: string | null;
  summary: Summary | null;
}

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
    if (!paper) throw ApplicationFailure.create({ type: 'NOT_FOUND', message: `arXiv has no paper ${input.ref}`, nonRetryable: true });
  }
  const version = ref.version ?? paper.version;
  await main.storePapers({ papers: [paper], topic: input.topic ?? null });

  let source: 'html' | 'pdf' | null = null;
  let contentKey: string | null = null;
  const notes: string[] = [];
  const status = await main.contentStatus({ id: paper.id, version });
  const wanted = input.source ?? 'auto';
  if (status.stored && (wanted === 'auto' || wanted === status.source)) {
    source = status.source;
    contentKey = status.key;
  } else {
    const kinds: Array<'html' | 'pdf'> = wanted === 'auto' ? ['html', 'pdf'] : [wanted];
    for (const kind of kinds) {
      stage(`downloading the ${kind.toUpperCase()}`);
      const file = await arxiv.arxivDownload({ kind, id: paper.id, version });
      if ('notFound' in file) {
        notes.push(`no ${kind.toUpperCase()} version on arXiv`);
        continue;
      }
      stage(`converting the ${kind.toUpperCase()} to Markdown`);
      // A blob key; results recorded before blob keys carry a local path instead (same reader).
      const outcome = await heavy.convertAndStore({ id: paper.id, version, kind, key: file.key, ...(file.path ? { path: file.path } : {}) });
      if (outcome.ok) {
        source = outcome.source;
        contentKey = outcome.contentKey;
        break;
      }
      notes.push(`${kind.toUpperCase()} conversion failed: ${outcome.reason}`);
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
