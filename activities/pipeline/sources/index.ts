/** The arXiv sources a selection reads, by kind. A new source: one file in this folder, one line here. */
import { feedSource } from './feed.ts';
import { oaiSource } from './oai.ts';
import { searchSource } from './search.ts';
import type { StoredSource } from './source.ts';

export const STORED_SOURCES: readonly StoredSource[] = [feedSource, oaiSource, searchSource];
