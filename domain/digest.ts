/**
 * A digest as the publishers receive it: the ranked, summarised papers of one subscription for
 * one announcement window. Pure types and helpers: workflows may import this module.
 */
import { ARXIV_ORIGIN, arxivLinks } from './paper.ts';
import type { PickReason } from './pick-reason.ts';

/** A summary a person can decide from in seconds. */
export interface Summary {
  /** 2-3 sentences. */
  tldr: string;
  /** 3-5 short points. */
  keyPoints: string[];
  /** Who wrote it: the extractive summariser or an LLM (model name). */
  method: 'extractive' | `llm:${string}`;
}

export interface DigestEntry {
  arxivId: string;
  version: number | null;
  title: string;
  authors: string[];
  primaryCategory: string;
  categories: string[];
  published: string;
  absUrl: string;
  pdfUrl: string | null;
  /** Relevance score from the reranker (higher is better). */
  score: number;
  /** Why it was picked: the interest, the model learned from the reader's ratings, their blend (absent on older digests). */
  why?: PickReason;
  summary: Summary;
}

export interface Digest {
  /** Unique and stable for (subscription, window): the idempotency key of every publisher. */
  key: string;
  subscription: string;
  /** Plain-language interest of the subscription, shown as the digest's subtitle. */
  interest: string;
  /** Announcement date this digest covers, YYYY-MM-DD (America/New_York): the arXiv feed date. */
  date: string;
  /**
   * Missed announcements (feed dates) older than the catch-up limit, which this digest could not
   * cover and says so. Absent on digests made before announcements were tracked.
   */
  notCovered?: string[];
  windowStart: string;
  windowEnd: string;
  /** Best first. */
  entries: DigestEntry[];
}

/**
 * A registered publisher's kind (adapters/publish/registry.ts lists them): `markdown`, `notion`,
 * `discord`, `slack`, …. It names the destination in receipts, failures and the workflow's list.
 */
export type DestinationKind = string;

/**
 * The heartbeat timeout of a digest publish, in seconds (DIGEST_PUBLISH_HEARTBEAT_SECONDS): a
 * publish lost with a crashed worker is retried this long after its last heartbeat.
 */
export const DEFAULT_PUBLISH_HEARTBEAT_SECONDS = 20;

/** What a destination kind may look like: it is stored, logged and shown. */
export const DESTINATION_KIND_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** Proof a destination received the digest: what a retried publish looks up before creating. */
export interface Receipt {
  destination: DestinationKind;
  /** Notion page id, Discord message id(s) joined by ',', file path, or what the publisher says (Slack: parts posted). */
  ref: string;
  url: string | null;
  publishedAt: string;
}

/**
 * The digest with every entry's links rebuilt from its id (arxivLinks) on `origin`: what the store
 * hands out, so a digest saved before links were vouched for never publishes a feed's `<link>`.
 */
export function withVouchedLinks(d: Digest, origin: string = ARXIV_ORIGIN): Digest {
  return {
    ...d,
    entries: d.entries.map((e) => {
      const links = arxivLinks({ id: e.arxivId, version: e.version }, { origin });
      return { ...e, absUrl: links.abs, pdfUrl: e.pdfUrl === null ? null : links.pdf };
    }),
  };
}
