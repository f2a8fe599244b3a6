/**
 * Publishes a digest as one page in a Notion database (API 2025-09-03: the database's data
 * source holds the pages). Idempotent without idempotency keys (Notion has none): the page is
 * found by its `Digest key` property before anything is created, and a page left incomplete by a
 * crash is completed by appending only the blocks it lacks. The design is in docs/publishing.md.
 */
import { Client, type BlockObjectRequest } from '@notionhq/client';
import { AppError } from '../../domain/errors.ts';
import { silentLogger, type Logger } from '../../lib/logger.ts';
import type { Digest, Receipt } from '../../domain/digest.ts';
import { notionFailure } from './errors.ts';
import {
  blockType,
  chunkBlocks,
  digestToNotionBlocks,
  NOTION_LIMITS,
  relevantLabelId,
  richText,
} from './notion-blocks.ts';
import { normalizeSpace } from './text.ts';
import { paced } from './notion-pacing.ts';
import type { FeedbackMark, PublishProgress, Publisher } from '../../app/ports/publisher.ts';
import type { PublisherPlugin } from './plugin.ts';

export { digestToNotionBlocks, chunkBlocks, richText, NOTION_LIMITS } from './notion-blocks.ts';

/** Names of the database properties the publisher fills (the title property may have any name). */
export const NOTION_PROPERTIES = {
  topic: 'Topic',
  date: 'Date',
  papers: 'Papers',
  key: 'Digest key',
} as const;

const REQUIRED_TYPES: Record<string, string> = {
  [NOTION_PROPERTIES.topic]: 'rich_text',
  [NOTION_PROPERTIES.date]: 'date',
  [NOTION_PROPERTIES.papers]: 'number',
  [NOTION_PROPERTIES.key]: 'rich_text',
};

/** Notion averages ~3 requests/s per integration (https://developers.notion.com/reference/request-limits). */
const DEFAULT_MIN_INTERVAL_MS = 350;

export interface NotionPublisherOptions {
  token: string;
  databaseId: string;
  /** Default https://api.notion.com (NOTION_API_URL; a loopback fake in tests). */
  baseUrl?: string;
  logger?: Logger;
  /** Pause between a response and the next request of the same integration (client-side pacing). Default 350. */
  minIntervalMs?: number;
}

interface Schema {
  dataSourceId: string;
  titleProperty: string;
}

interface FoundPage {
  id: string;
  url: string;
  created_time: string;
}

/** The digest's page, by its key (the oldest when a crash left several). */
async function findDigestPage(
  client: Client,
  s: Schema,
  key: string,
  logger: Logger,
): Promise<FoundPage | undefined> {
  const res = await call('look up the digest page', () =>
    client.dataSources.query({
      data_source_id: s.dataSourceId,
      filter: { property: NOTION_PROPERTIES.key, rich_text: { equals: key } },
      page_size: 10,
    }),
  );
  const pages = (res.results as unknown as FoundPage[]).filter((p) => typeof p.id === 'string');
  if (pages.length > 1)
    logger.warn(
      { key, pages: pages.map((p) => p.id) },
      'several Notion pages carry this digest key; completing the oldest',
    );
  return pages.sort((a, b) => a.created_time.localeCompare(b.created_time))[0];
}

/**
 * Creates the Notion publisher. The database needs a title property plus `Topic` (text), `Date`
 * (date), `Papers` (number) and `Digest key` (text), and must be shared with the integration.
 * The SDK's own retries are off: Temporal owns retries, and failures map to AppErrors
 * (401/403/404/400 permanent, 429 RATE_LIMITED with retryAfterMs).
 */
export function createNotionPublisher(opts: NotionPublisherOptions): Publisher {
  const logger = opts.logger ?? silentLogger;
  const databaseId = opts.databaseId.trim();
  if (databaseId.length === 0)
    throw new AppError('CONFIG_INVALID', 'NOTION_DATABASE_ID is empty; copy the id from the database URL');
  const client = notionClient(opts, logger);
  let schema: Schema | undefined;

  /** The database's data source and title property, checked once per publisher. */
  const resolveSchema = async (): Promise<Schema> =>
    (schema ??= await readSchema(client, databaseId, logger));

  const findPage = (s: Schema, key: string) => findDigestPage(client, s, key, logger);

  async function appendFrom(
    page: FoundPage,
    blocks: BlockObjectRequest[],
    start: number,
    key: string,
    progress?: PublishProgress,
  ): Promise<void> {
    for (const chunk of chunkBlocks(blocks.slice(start))) {
      const res = await call('append blocks to the digest page', () =>
        client.blocks.children.append({ block_id: page.id, children: chunk }),
      );
      start += chunk.length;
      const lastBlockId = (res.results.at(-1) as { id?: string } | undefined)?.id;
      progress?.record({
        key,
        page,
        blocks: start,
        ...(lastBlockId ? { lastBlockId } : {}),
      } satisfies NotionProgress);
      logger.debug(
        { key, pageId: page.id, blocks: start, of: blocks.length },
        'appended digest blocks to Notion',
      );
    }
  }

  return {
    kind: 'notion',
    readFeedback: (pageId: string) => readFeedback(client, pageId),
    async publish(digest: Digest, progress?: PublishProgress): Promise<Receipt> {
      if (digest.key.length === 0 || digest.key.length > NOTION_LIMITS.richTextContent) {
        throw new AppError(
          'INVALID_INPUT',
          `Digest key must be 1-${NOTION_LIMITS.richTextContent} characters to fit a Notion text property`,
        );
      }
      const blocks = digestToNotionBlocks(digest);
      const resumed = resumeOf(progress?.resume, digest.key, blocks.length);
      if (resumed?.lastBlockId) {
        // A retry: the page and the blocks that landed are known; continue after the last one.
        const have =
          resumed.blocks + (await blocksAfter(client, { ...resumed, lastBlockId: resumed.lastBlockId }));
        logger.info(
          { key: digest.key, pageId: resumed.page.id, have, of: blocks.length },
          'resuming a Notion digest page after the last block that landed',
        );
        if (have < blocks.length) await appendFrom(resumed.page, blocks, have, digest.key, progress);
        return receipt(resumed.page);
      }
      const s = await resolveSchema();
      const existing = resumed?.page ?? (await findPage(s, digest.key));
      if (existing) {
        const have = await existingBlockTypes(client, existing.id);
        // Appends are atomic and in order, so a page left by a crash holds a prefix of `blocks`.
        const mismatch = have
          .slice(0, blocks.length)
          .findIndex((t, i) => t !== blockType(blocks[i] as BlockObjectRequest));
        if (mismatch >= 0) {
          throw new AppError(
            'PUBLISH_FAILED',
            `Notion page ${existing.url} for digest ${digest.key} differs from the digest at block ${mismatch + 1} (edited by hand?); delete the page to publish it again`,
            { retryable: false },
          );
        }
        if (have.length < blocks.length) {
          logger.info(
            { key: digest.key, pageId: existing.id, have: have.length, of: blocks.length },
            'completing a partly published Notion page',
          );
          await appendFrom(existing, blocks, have.length, digest.key, progress);
        }
        return receipt(existing);
      }
      const [first = [], ...rest] = chunkBlocks(blocks);
      const page = (await call('create the digest page', () =>
        client.pages.create({
          parent: { type: 'data_source_id', data_source_id: s.dataSourceId },
          properties: pageProperties(digest, s.titleProperty),
          children: first,
        }),
      )) as unknown as FoundPage;
      const created: FoundPage = { id: page.id, url: page.url, created_time: page.created_time };
      // The page exists: a retry needs no lookup (the page's blocks are read once to find where it stands).
      progress?.record({ key: digest.key, page: created, blocks: first.length } satisfies NotionProgress);
      logger.info(
        { key: digest.key, pageId: page.id, blocks: blocks.length, requests: 1 + rest.length },
        'created Notion digest page',
      );
      if (rest.length > 0) await appendFrom(created, blocks, first.length, digest.key, progress);
      return receipt(created);
    },
  };
}

/** The SDK client: its retries off (Temporal owns retries), its requests paced per integration. */
function notionClient(opts: NotionPublisherOptions, logger: Logger): Client {
  const integration = `${opts.baseUrl ?? 'https://api.notion.com'}|${opts.token}`;
  const minIntervalMs = opts.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  return new Client({
    auth: opts.token,
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl.replace(/\/+$/, '') } : {}),
    retry: false,
    // The SDK logs failed requests to the console; ours are mapped to AppErrors and logged by the caller.
    logger: (level, message, extraInfo) =>
      logger.debug({ sdkLevel: level, ...extraInfo }, `notion sdk: ${message}`),
    fetch: (url, init) => paced(integration, minIntervalMs, () => fetch(url, init)),
  });
}

/** Types of the page's top-level blocks, in order (paged by 100). */
async function existingBlockTypes(client: Client, pageId: string): Promise<string[]> {
  const types: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await call('read the digest page', () =>
      client.blocks.children.list({
        block_id: pageId,
        page_size: 100,
        ...(cursor ? { start_cursor: cursor } : {}),
      }),
    );
    for (const b of res.results) types.push((b as { type?: string }).type ?? 'unknown');
    cursor = res.has_more && res.next_cursor ? res.next_cursor : undefined;
  } while (cursor);
  return types;
}

/**
 * How many blocks the page holds after `p.lastBlockId`, the last block the previous attempt
 * saw land: appends after it that landed unrecorded (a crash between the append and the
 * heartbeat). Reading from that block costs one request, not a read of the whole page.
 */
async function blocksAfter(client: Client, p: NotionProgress & { lastBlockId: string }): Promise<number> {
  let after = -1; // the first result is lastBlockId itself
  let cursor: string | undefined = p.lastBlockId;
  do {
    const res = await call('read the digest page', () =>
      client.blocks.children.list({ block_id: p.page.id, page_size: 100, start_cursor: cursor }),
    );
    after += res.results.length;
    cursor = res.has_more && res.next_cursor ? res.next_cursor : undefined;
  } while (cursor);
  return Math.max(0, after);
}

async function call<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw notionFailure(e, action);
  }
}

/** The database's data source and title property, or a permanent failure naming what the database lacks. */
async function readSchema(client: Client, databaseId: string, logger: Logger): Promise<Schema> {
  const db = await call('retrieve the database', () =>
    client.databases.retrieve({ database_id: databaseId }),
  );
  const sources = 'data_sources' in db ? db.data_sources : [];
  const source = sources[0];
  if (!source) {
    throw new AppError(
      'PUBLISH_FAILED',
      `Notion database ${databaseId} has no data source; use a regular (not linked) database`,
      { retryable: false },
    );
  }
  const ds = await call('retrieve the data source', () =>
    client.dataSources.retrieve({ data_source_id: source.id }),
  );
  const properties = ('properties' in ds ? ds.properties : {}) as Record<string, { type: string }>;
  const titleProperty = Object.keys(properties).find((k) => properties[k]?.type === 'title');
  const problems = Object.entries(REQUIRED_TYPES)
    .filter(([name, type]) => properties[name]?.type !== type)
    .map(([name, type]) => `"${name}" (${type === 'rich_text' ? 'text' : type})`);
  if (!titleProperty || problems.length > 0) {
    throw new AppError(
      'PUBLISH_FAILED',
      `Notion database ${databaseId} lacks the properties ${problems.join(', ') || 'title'}; add them (see docs/publishing.md)`,
      {
        retryable: false,
        details: { found: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v.type])) },
      },
    );
  }
  if (sources.length > 1)
    logger.warn(
      { databaseId, dataSourceId: source.id },
      'Notion database has several data sources; using the first',
    );
  return { dataSourceId: source.id, titleProperty };
}

/** The "Relevant" to-do checkbox of every entry on a digest page, with its last edit time. */
async function readFeedback(client: Client, pageId: string): Promise<FeedbackMark[]> {
  const marks: FeedbackMark[] = [];
  let cursor: string | undefined;
  do {
    const res = await call('read the digest page', () =>
      client.blocks.children.list({
        block_id: pageId,
        page_size: 100,
        ...(cursor ? { start_cursor: cursor } : {}),
      }),
    );
    for (const b of res.results as Array<{
      type?: string;
      last_edited_time?: string;
      to_do?: { checked?: boolean; rich_text?: Array<{ plain_text?: string }> };
    }>) {
      if (b.type !== 'to_do' || !b.to_do) continue;
      const id = relevantLabelId((b.to_do.rich_text ?? []).map((t) => t.plain_text ?? '').join(''));
      if (id && typeof b.last_edited_time === 'string')
        marks.push({ arxivId: id, relevant: b.to_do.checked === true, editedAt: b.last_edited_time });
    }
    cursor = res.has_more && res.next_cursor ? res.next_cursor : undefined;
  } while (cursor);
  return marks;
}

/** The `notion` destination (NOTION_TOKEN, NOTION_DATABASE_ID): one publisher per process, for subscriptions that ask for it. */
export const notionPublisher: PublisherPlugin = {
  kind: 'notion',
  env: ['NOTION_TOKEN', 'NOTION_DATABASE_ID', 'NOTION_API_URL'],
  chosen: (destinations) => destinations.notion,
  create({ config, logger }) {
    let built: Publisher | undefined;
    return () => {
      if (!config.NOTION_TOKEN || !config.NOTION_DATABASE_ID) return null;
      return (built ??= createNotionPublisher({
        token: config.NOTION_TOKEN,
        databaseId: config.NOTION_DATABASE_ID,
        baseUrl: config.NOTION_API_URL,
        logger,
      }));
    };
  },
};

/** What a Notion publish records after each step that landed. */
interface NotionProgress {
  key: string;
  page: FoundPage;
  /** Blocks of the digest the page holds. */
  blocks: number;
  /** The id of the last of them, when an append answered with it. */
  lastBlockId?: string;
}

/** The previous attempt's progress, when it is a Notion publish of this digest; else undefined. */
function resumeOf(state: unknown, key: string, total: number): NotionProgress | undefined {
  const p = state as Partial<NotionProgress> | undefined;
  if (
    !p ||
    typeof p !== 'object' ||
    p.key !== key ||
    typeof p.page?.id !== 'string' ||
    typeof p.blocks !== 'number'
  )
    return undefined;
  if (p.blocks < 0 || p.blocks > total) return undefined;
  return p as NotionProgress;
}

function pageProperties(digest: Digest, titleProperty: string) {
  return {
    [titleProperty]: { title: richText({ text: `${normalizeSpace(digest.subscription)} — ${digest.date}` }) },
    [NOTION_PROPERTIES.topic]: { rich_text: richText({ text: normalizeSpace(digest.subscription) }) },
    [NOTION_PROPERTIES.date]: { date: { start: digest.date } },
    [NOTION_PROPERTIES.papers]: { number: digest.entries.length },
    [NOTION_PROPERTIES.key]: { rich_text: [{ type: 'text' as const, text: { content: digest.key } }] },
  };
}

/** The same receipt on every attempt: the page's creation time, not the time of this call. */
function receipt(page: FoundPage): Receipt {
  return {
    destination: 'notion',
    ref: page.id,
    url: page.url ?? null,
    publishedAt: page.created_time ?? new Date().toISOString(),
  };
}
