/** The Postgres driver of the PaperStore port. */
export {
  migratePostgres,
  openPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from './store.ts';
export { PG_SCHEMA_VERSION } from './migrations.ts';
