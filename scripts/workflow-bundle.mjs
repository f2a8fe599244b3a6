// Bundles the workflows (and the failure-log interceptor) into one file, the way workers load them:
// `npm run build` writes dist/workflows.bundle.js from the compiled tree, and the test runner writes
// one from the sources for the harness's workers. webpack's progress lines are dropped; its warnings
// and errors are not.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const quiet = { log() {}, trace() {}, debug() {}, info() {}, warn: console.warn, error: console.error };

/**
 * Writes the bundle of `<tree>/workflows/index<ext>` to `out`; `ext` is `.js` for dist/ and `.ts`
 * for the sources.
 */
export async function writeWorkflowBundle(tree, ext, out) {
  const { bundleWorkflowCode } = await import('@temporalio/worker');
  const bundle = await bundleWorkflowCode({
    workflowsPath: path.join(tree, `workflows/index${ext}`),
    workflowInterceptorModules: [path.join(tree, `workflows/failure-log-interceptor${ext}`)],
    logger: quiet,
  });
  writeFileSync(out, bundle.code);
  return out;
}
