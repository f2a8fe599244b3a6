/**
 * `npm run setup`: installs what npm cannot, i.e. the Temporal CLI (cached under the user cache
 * dir). `start` runs the same resolution, so this is optional but makes the first start fast.
 */
import { loadConfig } from '../config/env.ts';
import { resolveTemporalCli } from '../workers/temporal-cli.ts';

const config = loadConfig();
if (config.TEMPORAL_ADDRESS) {
  console.log(`TEMPORAL_ADDRESS=${config.TEMPORAL_ADDRESS}: using that cluster, no Temporal CLI needed.`);
} else {
  const cli = await resolveTemporalCli({
    cliPath: config.TEMPORAL_CLI_PATH,
    install: true,
    say: (m) => console.log(m),
  });
  const how = {
    env: 'from TEMPORAL_CLI_PATH',
    path: 'found on PATH',
    cache: 'already cached',
    download: 'downloaded from the CDN',
    'go-install': 'built with go install',
  }[cli.source];
  console.log(`Temporal CLI: ${cli.path} (${how})`);
}
