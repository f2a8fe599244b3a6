/**
 * paperIngest: metadata → Markdown → store + chunks → summary. The Markdown comes from the first
 * full-text source of the cascade that has the paper (content/index.ts: arXiv's HTML, ar5iv's
 * HTML, the LaTeX source, the PDF; each step one request through the arXiv gate, tried only when
 * the one before has nothing or fails to convert).
 * Idempotent per id+version: content already stored is not converted again.
 */
import { ApplicationFailure, patched } from '@temporalio/workflow';
import type { ContentSource } from '../domain/content-source.ts';
import type { Paper } from '../domain/paper.ts';
import type { Summary } from '../domain/digest.ts';
import { arxiv } from './arxiv-proxies.ts';
import { CONTENT_CASCADE } from './content/index.ts';
import type { FullTextSource } from './content/source.ts';
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

/** Histories from before the ar5iv and LaTeX steps (this marker) replay with HTML → PDF. */
const AR5IV_LATEX_CASCADE = 'ar5iv-latex-cascade';

/** The source a caller asked for by name (`get --source latex`). */
function namedSource(kind: ContentSource): FullTextSource {
  const source = CONTENT_CASCADE.find((s) => s.kind === kind);
  if (source) return source;
  throw ApplicationFailure.create({
    type: 'INVALID_INPUT',
    message: `Unknown full-text source "${String(kind)}": use auto, ${CONTENT_CASCADE.map((s) => s.kind).join(', ')}.`,
    nonRetryable: true,
  });
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
    const cascade = patched(AR5IV_LATEX_CASCADE)
      ? CONTENT_CASCADE
      : CONTENT_CASCADE.filter((s) => s.kind === 'html' || s.kind === 'pdf');
    for (const { kind, label, missing, download } of wanted === 'auto' ? cascade : [namedSource(wanted)]) {
      stage(`downloading the ${label}`);
      const file = await arxiv.arxivDownload({ kind: download, id: paper.id, version });
      if ('notFound' in file) {
        notes.push(missing);
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
