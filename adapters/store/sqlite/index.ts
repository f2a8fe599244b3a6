/** The SQLite driver of the store port. */
export { openSqliteStore, type SqliteStoreOptions } from './store.ts';
