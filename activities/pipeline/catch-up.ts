/**
 * Turns OAI-PMH records into the announcement a subscription missed. A record's datestamp is its
 * last change: the announcement for a new or replaced paper, but also any later metadata fix of
 * an old paper. So a record counts for announcement D only when its datestamp is D and its v1
 * (new) or latest version (replacement) is recent; categories and cross-lists are decided here,
 * as arXiv's feed would have (../shared/arxiv-notes.md, "OAI-PMH").
 */
import { addDays, categoryMatches } from '../../domain/arxiv-calendar.ts';
import type { AnnounceType } from '../../domain/paper.ts';
import type { OaiRecord } from '../../adapters/arxiv/oai.ts';
import type { AnnouncedPaper } from './digest.ts';

/**
 * How far before its announcement a version's date may lie and still be "announced now":
 * submissions wait for the next cutoff, weekends and holidays, sometimes moderation.
 */
export const RECENT_VERSION_DAYS = 7;

/** The papers of announcement `date` for a subscription's categories, as the feed would list them. */
export function announcedFromOai(records: OaiRecord[], date: string, categories: string[]): AnnouncedPaper[] {
  const recent = addDays(date, -RECENT_VERSION_DAYS);
  const out: AnnouncedPaper[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    if (r.datestamp !== date || seen.has(r.paper.id)) continue;
    const listed = r.paper.categories.some((c) => categories.some((s) => categoryMatches(s, c)));
    if (!listed) continue;
    const primary = categories.some((s) => categoryMatches(s, r.paper.primaryCategory));
    let announceType: AnnounceType;
    if (r.created >= recent) announceType = primary ? 'new' : 'cross';
    else if (r.updated !== null && r.updated >= recent) announceType = primary ? 'replace' : 'replace-cross';
    else continue; // a metadata fix of an older paper, not an announcement
    seen.add(r.paper.id);
    out.push({ paper: r.paper, announceType });
  }
  return out;
}
