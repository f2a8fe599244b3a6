/**
 * Filters behind the Previous/Next buttons of `/arxiv list`. A custom id holds at most 100
 * characters, too few for arbitrary filters, so the id carries a short random key into this
 * bounded in-memory store plus the page offset: `arxiv:list:<key>:<offset>`.
 */
import { randomBytes } from 'node:crypto';
import type { ListFiltersInput } from '../app/radar-service.ts';

export interface ListState {
  save(filters: ListFiltersInput): string;
  get(key: string): ListFiltersInput | undefined;
}

const CUSTOM_ID = /^arxiv:list:([a-z0-9]{10}):(\d{1,6})$/;

/** The custom id of a list page button. */
export function listButtonId(key: string, offset: number): string {
  return `arxiv:list:${key}:${offset}`;
}

/** Parses a list button's custom id; null when it is not one of ours (never trust custom ids). */
export function parseListButtonId(customId: string): { key: string; offset: number } | null {
  const m = CUSTOM_ID.exec(customId);
  if (!m?.[1] || m[2] === undefined) return null;
  return { key: m[1], offset: Number(m[2]) };
}

/** A store of at most `max` filter sets, oldest forgotten first. */
export function createListState(max = 500): ListState {
  const entries = new Map<string, ListFiltersInput>();
  return {
    save(filters) {
      const key = [...randomBytes(10)].map((b) => (b % 36).toString(36)).join('');
      entries.set(key, filters);
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
      return key;
    },
    get: (key) => entries.get(key),
  };
}
