/** Every store port's contract on the in-memory store tests use when they need no database (test/support/memory-store.ts). */
import { createMemoryStore } from '../../../support/memory-store.ts';
import { runStoreContracts } from './contract/index.ts';

runStoreContracts('memory', async () => createMemoryStore());
