/**
 * A loopback fake of the parts of the Notion API (version 2025-09-03) arxiv-radar uses: retrieve a
 * database (→ its data sources), retrieve and query a data source (filter on a rich_text/title
 * property), create a page with properties and children, retrieve a page, append and list block
 * children. It ENFORCES Notion's documented request limits (100 children per request, 2000
 * characters per rich-text content, 100 rich-text items, 2 levels of nesting, ~3 requests/s)
 * and answers with Notion's real error shape `{ object: 'error', status, code, message }`.
 * Everything received is recorded in `requests`.
 * Limits: https://developers.notion.com/reference/request-limits
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedNotionRequest {
  method: string;
  /** Path below `/v1`, e.g. `/pages`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
  status: number;
  at: number;
}

/** A one-shot (or `times`-shot) failure injected into matching requests. */
export interface NotionFault {
  method?: string;
  path?: RegExp;
  status: number;
  code?: string;
  message?: string;
  /** For 429: the Retry-After header in seconds. Default 1. */
  retryAfterSec?: number;
  times?: number;
  /** Let this many matching requests through before failing. */
  skip?: number;
  /** Perform the request, then answer with the failure (a response lost after success). */
  afterApplying?: boolean;
}

export interface FakeNotionBlock {
  object: 'block';
  id: string;
  parent: { type: 'page_id' | 'block_id'; page_id?: string; block_id?: string };
  type: string;
  has_children: boolean;
  in_trash: false;
  created_time: string;
  /** Notion rounds it down to the minute (reference, "Block object"). */
  last_edited_time: string;
  [type: string]: unknown;
}

export interface FakeNotionPage {
  object: 'page';
  id: string;
  url: string;
  created_time: string;
  parent: { type: 'data_source_id'; data_source_id: string; database_id: string };
  properties: Record<string, unknown>;
  in_trash: false;
}

export interface NotionFakeState {
  pages: Map<string, FakeNotionPage>;
  blocks: Map<string, FakeNotionBlock>;
  /** Page or block id → child block ids in order. */
  children: Map<string, string[]>;
  faults: NotionFault[];
}

type PropertySchema = Record<string, { type: string }>;

export interface NotionFakeOptions {
  /** Bearer token required on every request; default: any token. */
  token?: string;
  /** Database properties; default: the schema docs/publishing.md asks for. */
  properties?: PropertySchema;
  /** Answer 429 when more than this many requests of one token arrive within one second. Default 3; 0 disables. */
  maxRequestsPerSecond?: number;
  /** Retry-After (seconds) sent with rate-limit 429s. Default 1. */
  retryAfterSec?: number;
  /** Clock for the rate limiter (ms); tests freeze it to make bursts deterministic. */
  clock?: () => number;
  /** Answer every Nth request (counting every request received) with 429 and Retry-After; off by default. */
  rateLimitEvery?: number;
}

export interface NotionFake {
  /** Base URL (use as NOTION_API_URL / the SDK's baseUrl; the SDK adds /v1). */
  url: string;
  databaseId: string;
  dataSourceId: string;
  requests: RecordedNotionRequest[];
  state: NotionFakeState;
  /** Pages created in the database, oldest first. */
  pages(): FakeNotionPage[];
  /** The child blocks of a page or block, in order. */
  childrenOf(id: string): FakeNotionBlock[];
  /** Plain text of a page's blocks, one line per block. */
  pageText(pageId: string): string;
  /** The one token accepted from now on (an integration's secret rotated or revoked); undefined = any. */
  setToken(token: string | undefined): void;
  /** From now on answer every Nth request with 429 (0 turns it off); the count starts again. */
  setRateLimitEvery(n: number): void;
  close(): Promise<void>;
}

/** The schema of the digest database as docs/publishing.md describes it. */
export const DIGEST_DATABASE_PROPERTIES: PropertySchema = {
  Name: { type: 'title' },
  Topic: { type: 'rich_text' },
  Date: { type: 'date' },
  Papers: { type: 'number' },
  'Digest key': { type: 'rich_text' },
};

const BLOCK_TYPES = new Set([
  'paragraph',
  'heading_1',
  'heading_2',
  'heading_3',
  'bulleted_list_item',
  'numbered_list_item',
  'to_do',
  'toggle',
  'quote',
  'callout',
  'divider',
  'code',
  'bookmark',
  'equation',
  'table_of_contents',
]);
const MAX_REQUEST_BYTES = 500 * 1000;
const NOTION_VERSION = '2025-09-03';

class NotionHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const validation = (message: string) =>
  new NotionHttpError(400, 'validation_error', `body failed validation: ${message}`);
const notFound = (what: string, id: string) =>
  new NotionHttpError(
    404,
    'object_not_found',
    `Could not find ${what} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
  );

/** Starts the fake on 127.0.0.1 with an ephemeral port. */
export async function startNotionServer(opts: NotionFakeOptions = {}): Promise<NotionFake> {
  const databaseId = randomUUID();
  const dataSourceId = randomUUID();
  const schema = opts.properties ?? DIGEST_DATABASE_PROPERTIES;
  const state: NotionFakeState = { pages: new Map(), blocks: new Map(), children: new Map(), faults: [] };
  const requests: RecordedNotionRequest[] = [];
  /** Authorization header → arrival times: Notion rate-limits per integration. */
  const arrivalsByToken = new Map<string, number[]>();
  const maxPerSecond = opts.maxRequestsPerSecond ?? 3;
  let token = opts.token;
  let received = 0;
  let every = opts.rateLimitEvery ?? 0;
  const now = () => new Date().toISOString();

  function schemaResponse() {
    return Object.fromEntries(
      Object.entries(schema).map(([name, p]) => [
        name,
        { id: encodeURIComponent(name).slice(0, 8), name, type: p.type, [p.type]: {} },
      ]),
    );
  }

  function childIds(parent: string): string[] {
    let list = state.children.get(parent);
    if (!list) state.children.set(parent, (list = []));
    return list;
  }

  /** Stores validated block requests under `parentId`, returning the stored blocks. */
  function storeBlocks(
    parentId: string,
    parentIsPage: boolean,
    blocks: Record<string, unknown>[],
  ): FakeNotionBlock[] {
    return blocks.map((req) => {
      const type = blockTypeOf(req);
      const content = { ...(req[type] as Record<string, unknown>) };
      const nested = Array.isArray(content.children) ? (content.children as Record<string, unknown>[]) : [];
      delete content.children;
      if (Array.isArray(content.rich_text))
        content.rich_text = (content.rich_text as RichTextRequest[]).map(toResponseRichText);
      const block: FakeNotionBlock = {
        object: 'block',
        id: randomUUID(),
        parent: parentIsPage
          ? { type: 'page_id', page_id: parentId }
          : { type: 'block_id', block_id: parentId },
        type,
        has_children: nested.length > 0,
        in_trash: false,
        created_time: now(),
        last_edited_time: toMinute(now()),
        ...(type === 'to_do' ? { [type]: { checked: false, ...content } } : { [type]: content }),
      };
      state.blocks.set(block.id, block);
      childIds(parentId).push(block.id);
      if (nested.length > 0) storeBlocks(block.id, false, nested);
      return block;
    });
  }

  function route(method: string, path: string, query: URLSearchParams, body: unknown): unknown {
    let m: RegExpExecArray | null;
    if ((m = /^\/databases\/([^/]+)$/.exec(path)) && method === 'GET') {
      if (m[1] !== databaseId) throw notFound('database', m[1] ?? '');
      return {
        object: 'database',
        id: databaseId,
        title: [toResponseRichText({ type: 'text', text: { content: 'arXiv digests' } })],
        data_sources: [{ id: dataSourceId, name: 'arXiv digests' }],
        created_time: now(),
        in_trash: false,
      };
    }
    if ((m = /^\/data_sources\/([^/]+)$/.exec(path)) && method === 'GET') {
      if (m[1] !== dataSourceId) throw notFound('data_source', m[1] ?? '');
      return {
        object: 'data_source',
        id: dataSourceId,
        parent: { type: 'database_id', database_id: databaseId },
        properties: schemaResponse(),
      };
    }
    if ((m = /^\/data_sources\/([^/]+)\/query$/.exec(path)) && method === 'POST') {
      if (m[1] !== dataSourceId) throw notFound('data_source', m[1] ?? '');
      const b = (body ?? {}) as { filter?: unknown; page_size?: number };
      const pages = [...state.pages.values()].filter(
        (p) => b.filter === undefined || matchesFilter(p, b.filter as Filter, schema),
      );
      const size = Math.min(b.page_size ?? 100, 100);
      return {
        object: 'list',
        results: pages.slice(0, size),
        next_cursor: null,
        has_more: pages.length > size,
        type: 'page_or_data_source',
        page_or_data_source: {},
      };
    }
    if (path === '/pages' && method === 'POST') {
      const b = (body ?? {}) as {
        parent?: { data_source_id?: string; database_id?: string };
        properties?: Record<string, unknown>;
        children?: unknown;
      };
      const parentId = b.parent?.data_source_id ?? b.parent?.database_id;
      if (!parentId)
        throw validation('body.parent.data_source_id should be defined, instead was `undefined`.');
      if (parentId !== dataSourceId && parentId !== databaseId) throw notFound('data_source', parentId);
      validateProperties(b.properties ?? {}, schema);
      const children = validateChildren(b.children ?? [], 'body.children');
      const id = randomUUID();
      const page: FakeNotionPage = {
        object: 'page',
        id,
        url: `https://www.notion.so/${id.replace(/-/g, '')}`,
        created_time: now(),
        parent: { type: 'data_source_id', data_source_id: dataSourceId, database_id: databaseId },
        properties: responseProperties(b.properties ?? {}, schema),
        in_trash: false,
      };
      state.pages.set(id, page);
      storeBlocks(id, true, children);
      return page;
    }
    if ((m = /^\/pages\/([^/]+)$/.exec(path)) && method === 'GET') {
      const page = state.pages.get(m[1] ?? '');
      if (!page) throw notFound('page', m[1] ?? '');
      return page;
    }
    // Update a block (reference, "Update a block"): only what a to-do's checkbox needs; a person ticking it in Notion's UI does the same.
    if ((m = /^\/blocks\/([^/]+)$/.exec(path)) && method === 'PATCH') {
      const block = state.blocks.get(m[1] ?? '');
      if (!block) throw notFound('block', m[1] ?? '');
      const patch = (body ?? {}) as Record<string, unknown>;
      const type = Object.keys(patch).find((k) => k !== 'archived' && k !== 'in_trash');
      if (!type || type !== block.type)
        throw validation(`body.${type ?? 'type'} should be \`${block.type}\` for this block.`);
      const update = patch[type] as { checked?: unknown };
      if (type === 'to_do' && update.checked !== undefined && typeof update.checked !== 'boolean')
        throw validation('body.to_do.checked should be a boolean.');
      block[type] = { ...(block[type] as object), ...update };
      block.last_edited_time = toMinute(now());
      return block;
    }
    if ((m = /^\/blocks\/([^/]+)\/children$/.exec(path))) {
      const id = m[1] ?? '';
      const isPage = state.pages.has(id);
      if (!isPage && !state.blocks.has(id)) throw notFound('block', id);
      if (method === 'PATCH') {
        const b = (body ?? {}) as { children?: unknown };
        const children = validateChildren(b.children, 'body.children');
        const stored = storeBlocks(id, isPage, children);
        return {
          object: 'list',
          results: stored,
          next_cursor: null,
          has_more: false,
          type: 'block',
          block: {},
        };
      }
      if (method === 'GET') {
        const size = Math.min(Number(query.get('page_size') ?? 100), 100);
        const ids = childIds(id);
        const cursor = query.get('start_cursor');
        const start = cursor ? ids.indexOf(cursor) : 0;
        if (start < 0) throw validation(`start_cursor should be a valid cursor, instead was \`${cursor}\`.`);
        const slice = ids.slice(start, start + size);
        const next = ids[start + size] ?? null;
        return {
          object: 'list',
          results: slice.map((b) => state.blocks.get(b)),
          next_cursor: next,
          has_more: next !== null,
          type: 'block',
          block: {},
        };
      }
    }
    throw new NotionHttpError(400, 'invalid_request_url', 'Invalid request URL.');
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Every endpoint is under /v1 (https://developers.notion.com/reference/intro).
    const path = /^\/v1\//.test(url.pathname) ? url.pathname.slice(3) : `(outside /v1) ${url.pathname}`;
    const method = req.method ?? 'GET';
    const at = (opts.clock ?? Date.now)();
    let body: unknown;
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      requests.push({
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        status,
        at,
      });
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };
    const fail = (e: NotionHttpError, headers: Record<string, string> = {}) =>
      reply(
        e.status,
        { object: 'error', status: e.status, code: e.code, message: e.message, request_id: randomUUID() },
        headers,
      );

    try {
      body = raw.length > 0 ? JSON.parse(raw) : undefined;
    } catch {
      return fail(new NotionHttpError(400, 'invalid_json', 'Error parsing JSON body.'));
    }
    received++;
    if (every > 0 && received % every === 0) {
      return fail(
        new NotionHttpError(
          429,
          'rate_limited',
          'You have been rate limited. Please try again in a few minutes.',
        ),
        {
          'Retry-After': String(opts.retryAfterSec ?? 1),
        },
      );
    }
    if (maxPerSecond > 0) {
      const tokenKey = req.headers.authorization ?? '';
      let arrivals = arrivalsByToken.get(tokenKey);
      if (!arrivals) arrivalsByToken.set(tokenKey, (arrivals = []));
      while (arrivals.length > 0 && (arrivals[0] ?? 0) <= at - 1000) arrivals.shift();
      arrivals.push(at);
      if (arrivals.length > maxPerSecond) {
        return fail(
          new NotionHttpError(
            429,
            'rate_limited',
            'You have been rate limited. Please try again in a few minutes.',
          ),
          {
            'Retry-After': String(opts.retryAfterSec ?? 1),
          },
        );
      }
    }
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer ') || (token !== undefined && auth !== `Bearer ${token}`)) {
      return fail(new NotionHttpError(401, 'unauthorized', 'API token is invalid.'));
    }
    if (!req.headers['notion-version']) {
      return fail(
        new NotionHttpError(
          400,
          'missing_version',
          'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
        ),
      );
    }
    // Data sources exist from 2025-09-03 on (https://developers.notion.com/reference/versioning,
    // upgrade guide 2025-09-03): the fake serves that version's shapes and no other.
    if (req.headers['notion-version'] !== NOTION_VERSION) {
      return fail(
        new NotionHttpError(
          400,
          'validation_error',
          `Notion-Version header failed validation: the fake speaks ${NOTION_VERSION}, got \`${String(req.headers['notion-version'])}\`.`,
        ),
      );
    }
    if (Buffer.byteLength(raw) > MAX_REQUEST_BYTES) {
      return fail(
        new NotionHttpError(
          413,
          'payload_too_large',
          `Request body too large: ${Buffer.byteLength(raw)} bytes, the limit is 500KB.`,
        ),
      );
    }

    const fault = state.faults.find(
      (f) => (!f.method || f.method === method) && (!f.path || f.path.test(path)),
    );
    if (fault && (fault.skip ?? 0) > 0) {
      fault.skip = (fault.skip ?? 0) - 1;
    } else if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) state.faults.splice(state.faults.indexOf(fault), 1);
      if (fault.afterApplying) {
        try {
          route(method, path, url.searchParams, body);
        } catch {
          // The injected failure is the answer either way.
        }
      }
      const code =
        fault.code ??
        (fault.status === 429
          ? 'rate_limited'
          : fault.status >= 500
            ? 'internal_server_error'
            : 'validation_error');
      return fail(
        new NotionHttpError(fault.status, code, fault.message ?? `Injected failure (${fault.status}).`),
        fault.status === 429 ? { 'Retry-After': String(fault.retryAfterSec ?? 1) } : {},
      );
    }
    try {
      reply(200, route(method, path, url.searchParams, body));
    } catch (e) {
      if (e instanceof NotionHttpError) return fail(e);
      fail(new NotionHttpError(500, 'internal_server_error', String(e)));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const childrenOf = (id: string) =>
    (state.children.get(id) ?? [])
      .map((b) => state.blocks.get(b))
      .filter((b): b is FakeNotionBlock => b !== undefined);
  return {
    url: `http://127.0.0.1:${port}`,
    databaseId,
    dataSourceId,
    requests,
    state,
    pages: () => [...state.pages.values()],
    childrenOf,
    pageText: (pageId: string) => childrenOf(pageId).map(blockPlainText).join('\n'),
    setToken: (t: string | undefined) => {
      token = t;
    },
    setRateLimitEvery: (n: number) => {
      every = n;
      received = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** An ISO time rounded down to the minute, as Notion reports last_edited_time. */
const toMinute = (iso: string) => `${iso.slice(0, 16)}:00.000Z`;

interface RichTextRequest {
  type?: string;
  text?: { content?: string; link?: { url: string } | null };
  annotations?: Record<string, unknown>;
}

function toResponseRichText(r: RichTextRequest) {
  const content = r.text?.content ?? '';
  return {
    type: 'text',
    text: { content, link: r.text?.link ?? null },
    annotations: {
      bold: false,
      italic: false,
      strikethrough: false,
      underline: false,
      code: false,
      color: 'default',
      ...r.annotations,
    },
    plain_text: content,
    href: r.text?.link?.url ?? null,
  };
}

function blockPlainText(block: FakeNotionBlock): string {
  const content = block[block.type] as { rich_text?: { plain_text: string }[] } | undefined;
  return (content?.rich_text ?? []).map((r) => r.plain_text).join('');
}

function blockTypeOf(req: Record<string, unknown>): string {
  if (typeof req.type === 'string') return req.type;
  return Object.keys(req).find((k) => k !== 'object') ?? '';
}

/** Notion's rich-text limits: ≤100 items per array, ≤2000 characters per text content. */
function validateRichText(value: unknown, at: string): void {
  if (!Array.isArray(value))
    throw validation(`${at} should be an array, instead was \`${JSON.stringify(value)}\`.`);
  if (value.length > 100)
    throw validation(`${at}.length should be ≤ \`100\`, instead was \`${value.length}\`.`);
  value.forEach((item: RichTextRequest, i) => {
    const content = item.text?.content;
    if (typeof content !== 'string')
      throw validation(
        `${at}[${i}].text.content should be a string, instead was \`${JSON.stringify(content)}\`.`,
      );
    if (content.length > 2000)
      throw validation(
        `${at}[${i}].text.content.length should be ≤ \`2000\`, instead was \`${content.length}\`.`,
      );
    const link = item.text?.link;
    if (link && !/^https?:\/\//.test(link.url))
      throw validation(`${at}[${i}].text.link.url should be a valid URL, instead was \`${link.url}\`.`);
  });
}

/** ≤100 children per request, known block types, valid rich text, at most 2 levels of nesting. */
function validateChildren(value: unknown, at: string, depth = 1): Record<string, unknown>[] {
  if (!Array.isArray(value))
    throw validation(`${at} should be an array, instead was \`${JSON.stringify(value)}\`.`);
  if (value.length > 100)
    throw validation(`${at}.length should be ≤ \`100\`, instead was \`${value.length}\`.`);
  (value as Record<string, unknown>[]).forEach((block, i) => {
    const type = blockTypeOf(block);
    const where = `${at}[${i}]`;
    if (!BLOCK_TYPES.has(type))
      throw validation(`${where} should be a known block type, instead was \`${type}\`.`);
    const content = block[type] as Record<string, unknown> | undefined;
    if (typeof content !== 'object' || content === null)
      throw validation(`${where}.${type} should be an object, instead was \`undefined\`.`);
    if (type !== 'divider' && type !== 'table_of_contents' && type !== 'bookmark' && type !== 'equation') {
      validateRichText(content.rich_text, `${where}.${type}.rich_text`);
    }
    if (content.children !== undefined) {
      if (depth >= 2)
        throw validation(
          `${where}.${type}.children should be not present, instead was \`[...]\` (at most two levels of nesting per request).`,
        );
      validateChildren(content.children, `${where}.${type}.children`, depth + 1);
    }
  });
  return value as Record<string, unknown>[];
}

function validateProperties(props: Record<string, unknown>, schema: PropertySchema): void {
  const titleName = Object.keys(schema).find((k) => schema[k]?.type === 'title');
  if (titleName && props[titleName] === undefined)
    throw validation(
      `body.properties.${titleName} should be defined (the title), instead was \`undefined\`.`,
    );
  for (const [name, value] of Object.entries(props)) {
    const type = schema[name]?.type;
    if (!type) throw validation(`${name} is not a property that exists.`);
    const v = value as Record<string, unknown>;
    if (!(type in v)) throw validation(`${name} is expected to be ${type}.`);
    if (type === 'title' || type === 'rich_text')
      validateRichText(v[type], `body.properties.${name}.${type}`);
    if (type === 'number' && typeof v.number !== 'number')
      throw validation(`body.properties.${name}.number should be a number.`);
    if (
      type === 'date' &&
      !/^\d{4}-\d{2}-\d{2}/.test(String((v.date as { start?: unknown } | null)?.start))
    ) {
      throw validation(`body.properties.${name}.date.start should be an ISO 8601 date.`);
    }
  }
}

function responseProperties(props: Record<string, unknown>, schema: PropertySchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema).map(([name, { type }]) => {
      const v = props[name] as Record<string, unknown> | undefined;
      const inner = v?.[type];
      const value =
        type === 'title' || type === 'rich_text'
          ? ((inner as RichTextRequest[] | undefined) ?? []).map(toResponseRichText)
          : (inner ?? null);
      return [name, { id: encodeURIComponent(name).slice(0, 8), type, [type]: value }];
    }),
  );
}

type Filter = { property?: string; and?: Filter[]; or?: Filter[] } & Record<string, unknown>;

function matchesFilter(page: FakeNotionPage, filter: Filter, schema: PropertySchema): boolean {
  if (filter.and) return filter.and.every((f) => matchesFilter(page, f, schema));
  if (filter.or) return filter.or.some((f) => matchesFilter(page, f, schema));
  const name = filter.property ?? '';
  const type = schema[name]?.type;
  if (!type) throw validation(`Could not find property with name or id: ${name}`);
  const condition = (filter.rich_text ?? filter.title) as { equals?: string } | undefined;
  if (!condition || typeof condition.equals !== 'string' || (type !== 'rich_text' && type !== 'title')) {
    throw validation(
      `the fake supports only rich_text/title "equals" filters, got ${JSON.stringify(filter)}`,
    );
  }
  const prop = page.properties[name] as Record<string, { plain_text: string }[]> | undefined;
  return (prop?.[type] ?? []).map((r) => r.plain_text).join('') === condition.equals;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
