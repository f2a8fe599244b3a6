/**
 * The store contract, one suite per port (unjs/unstorage `test/drivers/utils.ts`): every driver —
 * SQLite, Postgres, the in-memory test store — runs all four with
 * `runStoreContracts('sqlite', async () => openSqliteStore(...))`. `makeStore` must return a new,
 * empty store each time; each test closes the store it opened.
 */
import type { PaperStore } from '../../../../../app/ports/store.ts';
import { runConversationContract } from './conversations.ts';
import { runDigestLedgerContract } from './digest-ledger.ts';
import { runLibraryContract } from './library.ts';
import { runProposalContract } from './proposals.ts';
import { runRatingContract } from './ratings.ts';
import { runSubscriptionContract } from './subscriptions.ts';

export {
  runConversationContract,
  runDigestLedgerContract,
  runLibraryContract,
  runProposalContract,
  runRatingContract,
  runSubscriptionContract,
};

/** Registers every port's contract for one driver. */
export function runStoreContracts(name: string, makeStore: () => Promise<PaperStore>): void {
  runLibraryContract(name, makeStore);
  runSubscriptionContract(name, makeStore);
  runDigestLedgerContract(name, makeStore);
  runConversationContract(name, makeStore);
  runRatingContract(name, makeStore);
  runProposalContract(name, makeStore);
}
