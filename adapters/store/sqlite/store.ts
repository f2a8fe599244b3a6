/**
 * The embedded SQLite driver of the PaperStore port: `<dataDir>/library.sqlite` (WAL, shared by
 * every worker process on the machine) plus content-addressed Markdown under `<dataDir>/content/`.
 */
import path from 'node:path';
import { silentLogger, type Logger } from '../../../lib/logger.ts';
import { AppError } from '../../../domain/errors.ts';
import type { PaperStore } from '../../../app/ports/store.ts';
import { createAlertTables } from './alerts.ts';
import { createContentTables } from './contents.ts';
import { createConversationTable } from './conversations.ts';
import { openDatabase, sqliteCall } from './database.ts';
import { createPaperTables } from './papers.ts';
import { createRatingTable } from './ratings.ts';
import { createProposalTable } from './proposals.ts';

export interface SqliteStoreOptions {
  dataDir: string;
  logger?: Logger;
}

/**
 * Opens (creating and migrating when needed) the library under `dataDir`. Writes run in
 * BEGIN IMMEDIATE transactions, so concurrent writers queue on busy_timeout instead of failing
 * or losing rows; a failing batch rolls back whole.
 */
export function openSqliteStore(opts: SqliteStoreOptions): PaperStore {
  const logger = opts.logger ?? silentLogger;
  const dataDir = path.resolve(opts.dataDir);
  const db = openDatabase(dataDir);
  logger.debug({ dataDir }, 'library opened');
  const papers = createPaperTables(db);
  const contents = createContentTables(db, path.join(dataDir, 'content'), papers.titleAbstract);
  const alerts = createAlertTables(db);
  const conversations = createConversationTable(db);
  const ratings = createRatingTable(db);
  const proposals = createProposalTable(db);
  let closed = false;

  /** A read (or single-statement write) as a Promise, with SQLite errors mapped. */
  const call = <T>(what: string, fn: () => T): Promise<T> => {
    try {
      if (closed) throw new AppError('STORE_ERROR', `the library is closed (while ${what})`);
      return Promise.resolve(sqliteCall(fn, what));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  };
  /** A multi-statement write under BEGIN IMMEDIATE: all or nothing. */
  const write = <T>(what: string, fn: () => T): Promise<T> =>
    call(what, () => db.transaction(fn).immediate());
  const inTransaction = (fn: () => void) => db.transaction(fn).immediate();

  return {
    upsertPapers: (list, o) =>
      write(`storing ${Array.isArray(list) ? list.length : 0} papers`, () => {
        if (!Array.isArray(list)) throw new AppError('INVALID_INPUT', 'upsertPapers takes a list of papers');
        return papers.upsert(list, o?.topic);
      }),
    getPaper: (id) => call(`reading paper ${id}`, () => papers.getPaper(id)),
    listPapers: (filters) => call('listing papers', () => papers.listPapers(filters ?? {})),
    topics: () => call('listing topics', () => papers.topics()),
    topicPapers: (topic) => call(`reading topic ${topic}`, () => papers.topicPapers(topic)),
    removePaper: (id) =>
      write(`removing paper ${id}`, () => {
        const removed = papers.remove(id);
        contents.removeDerived(id);
        return removed;
      }),

    saveContent: (c) => call(`saving content of ${c?.id}`, () => contents.saveContent(c, inTransaction)),
    getContent: (id, version) => call(`reading content of ${id}`, () => contents.getContent(id, version)),
    getContentByKey: (key) => call(`reading content ${key}`, () => contents.getContentByKey(key)),
    replaceChunks: (id, version, chunks) =>
      write(`indexing chunks of ${id}`, () => contents.replaceChunks(id, version, chunks)),
    searchChunks: (query, o) => call('searching chunks', () => contents.searchChunks(query, o)),
    saveSummary: (id, version, summary) =>
      write(`saving summary of ${id}`, () => contents.saveSummary(id, version, summary)),
    getSummary: (id, version) => call(`reading summary of ${id}`, () => contents.getSummary(id, version)),

    upsertSubscription: (s) => write(`saving subscription ${s?.name}`, () => alerts.upsertSubscription(s)),
    getSubscription: (name) => call(`reading subscription ${name}`, () => alerts.getSubscription(name)),
    listSubscriptions: () => call('listing subscriptions', () => alerts.listSubscriptions()),
    deleteSubscription: (name) =>
      write(`deleting subscription ${name}`, () => {
        const existed = alerts.deleteSubscription(name);
        ratings.deleteAll(name);
        return existed;
      }),
    saveDigest: (d) => write(`saving digest ${d?.key}`, () => alerts.saveDigest(d)),
    getDigest: (key) => call(`reading digest ${key}`, () => alerts.getDigest(key)),
    lastDigest: (sub) =>
      call(`reading the last digest of ${sub}`, () => alerts.listDigests(sub, 1)[0] ?? null),
    listDigests: (sub, limit) => call(`listing digests of ${sub}`, () => alerts.listDigests(sub, limit)),
    recordReceipt: (key, r) => write(`recording a receipt for ${key}`, () => alerts.recordReceipt(key, r)),
    getReceipts: (key) => call(`reading receipts of ${key}`, () => alerts.getReceipts(key)),
    filterUnseen: (sub, ids) => call(`filtering seen papers of ${sub}`, () => alerts.filterUnseen(sub, ids)),
    markSeen: (sub, ids, key) =>
      write(`marking papers seen for ${sub}`, () => alerts.markSeen(sub, ids, key)),
    saveDelivery: (d) =>
      write(`recording the selection of ${d?.announcement} for ${d?.subscription}`, () =>
        alerts.saveDelivery(d),
      ),
    getDelivery: (sub, date) =>
      call(`reading the delivery of ${date} for ${sub}`, () => alerts.getDelivery(sub, date)),
    completeDelivery: (sub, date, ids) =>
      write(`completing the delivery of ${date} for ${sub}`, () => alerts.completeDelivery(sub, date, ids)),
    lastDelivery: (sub) => call(`reading the last delivery of ${sub}`, () => alerts.lastDelivery(sub)),
    pendingDeliveries: (sub) =>
      call(`reading the pending deliveries of ${sub}`, () => alerts.pendingDeliveries(sub)),
    setPublishFailure: (sub, date, destination, failure) =>
      write(`recording the ${destination} outcome of ${date} for ${sub}`, () =>
        alerts.setPublishFailure(sub, date, destination, failure),
      ),
    adoptLegacyDeliveries: () =>
      write('recording deliveries of libraries from before deliveries', () => alerts.adoptLegacyDeliveries()),
    getConversation: (id) => call(`reading conversation ${id}`, () => conversations.get(id)),
    saveConversation: (id, messages) =>
      call(`saving conversation ${id}`, () => conversations.save(id, messages)),
    deleteConversation: (id) => call(`deleting conversation ${id}`, () => conversations.delete(id)),
    saveProposal: (p) => call(`saving proposal ${p?.id}`, () => proposals.save(p)),
    getProposal: (id) => call(`reading proposal ${id}`, () => proposals.get(id)),
    transitionProposal: (id, c) => call(`deciding proposal ${id}`, () => proposals.transition(id, c)),
    expireProposals: (cid, keep, at) =>
      call(`expiring proposals of ${cid}`, () => proposals.expire(cid, keep, at)),
    deleteProposals: (cid) => call(`deleting proposals of ${cid}`, () => proposals.delete(cid)),
    purgeProposals: (before) => call('purging old proposals', () => proposals.purge(before)),
    setRating: (r) => call(`rating ${r?.arxivId} for ${r?.subscription}`, () => ratings.set(r)),
    listRatings: (sub) => call(`listing the ratings of ${sub}`, () => ratings.list(sub)),

    close: async () => {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
