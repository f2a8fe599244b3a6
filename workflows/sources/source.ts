/**
 * An arXiv source, as topicDigest sees it: which subscriptions it serves, which announcements of
 * a run's plan it covers, and how it reads one into stored files for the selection
 * (activities/pipeline/sources/ turns those files into candidates). Each source is one file in
 * this folder, listed once in index.ts; topicDigest walks the plan's announcements oldest first
 * and asks, for each, the first listed source that serves the subscription and covers it.
 */
import type { AnnouncementPlan } from '../../domain/arxiv-calendar.ts';
import type { Subscription } from '../../domain/subscription.ts';
import type { AnnouncementSelectionInput, DigestState } from '../../activities/pipeline/announcements.ts';

/** What the selection of one announcement reads, and the submission window its digest names. */
export interface SourceRead {
  input: Omit<AnnouncementSelectionInput, 'subscription' | 'announcement'>;
  /** The digest's window when it is not the announcement's own (a window chained to the last one). */
  window?: { start: Date; end: Date };
}

/** Reads one announcement of the plan; null when the source has nothing to select for it. */
export type AnnouncementReader = (date: string) => Promise<SourceRead | null>;

export interface SourceContext {
  state: DigestState;
  /** Sets the progress line the workflow's `progress` query answers. */
  stage: (message: string) => void;
  options: { asOf?: string; windowPageSize?: number };
}

/** The current announcement as an announcing source (the feed) read it. */
export interface Announced {
  /** Its feed date. */
  date: string;
  /** What it read, handed back to the same source when it opens for the plan. */
  read: SourceRead | null;
  /** Why the run ends empty when it delivered nothing and skipped nothing. */
  emptyReason: string;
}

export interface DigestSource {
  /** The stored files' kind (activities/pipeline/sources/ has the reader of the same kind). */
  kind: string;
  serves(sub: Subscription): boolean;
  /** The announcements of a plan it reads: the current one, the missed ones, or both. */
  covers: 'current' | 'missed' | 'all';
  /**
   * A source that states the current announcement reads it before the plan exists (a string:
   * why the run stops). Without one, the current announcement is the calendar's.
   */
  announce?(ctx: SourceContext): Promise<Announced | string>;
  /**
   * Called once, at the first announcement it covers, with every one it covers (oldest first)
   * and what its `announce` read; returns the reader of each of them, called oldest first.
   */
  open(
    ctx: SourceContext & { plan: AnnouncementPlan; announced?: Announced },
    dates: string[],
  ): Promise<AnnouncementReader>;
}
