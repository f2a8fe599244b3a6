/**
 * The workflow part of the service contract (test/support/service-contract.ts) on the real
 * composition: `openRadarService` (createRadarService over SQLite, Temporal schedules and the
 * real runner) on the Temporal dev server, arXiv faked on loopback. 1111.2011's PDF is the corpus
 * stand-in, so getPaper stores full text and askPapers has passages to cite.
 */
import { after, before } from 'node:test';
import { standInPdf, STAND_IN_PDF_ID } from '../support/corpus.ts';
import { serviceSettings } from '../../workers/compose.ts';
import { startServiceHarness, type ServiceHarness } from '../support/service-harness.ts';
import { runServiceWorkflowContract } from '../support/service-contract.ts';

let h: ServiceHarness;
before(async () => {
  h = await startServiceHarness({ documents: standInPdf() });
});
after(async () => {
  await h?.stop();
});

// One harness for the suite: the workflow contract's tests do not assume an empty library.
runServiceWorkflowContract('openRadarService on Temporal', async () => ({
  service: h.service,
  settings: serviceSettings(h.t.config),
  close: async () => undefined,
  knownPaper: STAND_IN_PDF_ID,
}));
