/**
 * Doctor's checks of the running system (`start`, Temporal) and of storage (the library, the blob
 * store, the deliveries pending, the cluster's arXiv gate): the Operations' check* functions.
 */
import type { Check, Operations } from '../app/operations.ts';
import type { PaperStore } from '../app/ports/store.ts';
import type { Config } from '../config/env.ts';
import { describeTargets } from '../domain/digest-targets.ts';
import { errorMessage } from '../domain/errors.ts';
import type { Subscription } from '../domain/subscription.ts';
import { publishingSettings } from './settings.ts';

/** `; web app at http://…` when the web app answers at WEB_ADDR (a wildcard address is asked on loopback), else why not. */
async function webAppAt(addr: string): Promise<string> {
  if (addr === 'off') return '; no web app (WEB_ADDR=off)';
  const url = `http://${addr.replace(/^0\.0\.0\.0:/, '127.0.0.1:').replace(/^\[::\]:/, '[::1]:')}`;
  try {
    const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1500) });
    return r.ok ? `; web app at ${url}` : `; the web app at ${url} answered ${r.status}`;
  } catch {
    return `; no web app answers at ${url} (another WEB_ADDR, or its port was busy)`;
  }
}

/** On a cluster: does this node space arXiv requests like the running gate's last request? */
async function checkGateInterval(config: Config): Promise<Check> {
  const { Client, Connection } = await import('@temporalio/client');
  const { ARXIV_GATE_WORKFLOW_ID, arxivGateStatus } = await import('../workflows/arxiv-gate-messages.ts');
  try {
    const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS!, connectTimeout: 3000 });
    try {
      const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
      const status = await client.workflow.getHandle(ARXIV_GATE_WORKFLOW_ID).query(arxivGateStatus);
      if (status.lastIntervalMs === 0)
        return { name: 'arxiv gate', status: 'ok', detail: 'running; no request spaced yet' };
      if (status.lastIntervalMs !== config.ARXIV_MIN_INTERVAL_MS) {
        return {
          name: 'arxiv gate',
          status: 'warn',
          detail: `this node spaces arXiv requests by ARXIV_MIN_INTERVAL_MS=${config.ARXIV_MIN_INTERVAL_MS} ms, the cluster's last request by ${status.lastIntervalMs} ms: set the same value on every node`,
        };
      }
      return {
        name: 'arxiv gate',
        status: 'ok',
        detail: `running; ${status.lastIntervalMs} ms between requests, as configured here; ${status.waiting} waiting`,
      };
    } finally {
      await connection.close();
    }
  } catch (e) {
    const message = errorMessage(e);
    if (/not found/i.test(message))
      return {
        name: 'arxiv gate',
        status: 'off',
        detail: 'no arXiv gate running yet (it starts with the first arXiv request)',
      };
    return { name: 'arxiv gate', status: 'warn', detail: `could not read the arXiv gate: ${message}` };
  }
}

export const checkStart: Operations['checkStart'] = async (config) => {
  const address = config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_DEV_PORT}`;
  const { Connection } = await import('@temporalio/client');
  let connection: Awaited<ReturnType<typeof Connection.connect>> | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: 1500 });
    const { pollers } = await connection.workflowService.describeTaskQueue({
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: { name: config.TEMPORAL_TASK_QUEUE },
      taskQueueType: 1, // TASK_QUEUE_TYPE_WORKFLOW
    });
    const n = pollers?.length ?? 0;
    if (n === 0)
      return {
        name: 'start',
        status: 'warn',
        detail: `Temporal answers at ${address} but no worker polls ${config.TEMPORAL_TASK_QUEUE}: start \`arxiv-radar start\` (or check TEMPORAL_TASK_QUEUE)`,
      };
    return {
      name: 'start',
      status: 'ok',
      detail: `running: Temporal at ${address}, ${n} worker${n === 1 ? '' : 's'} polling ${config.TEMPORAL_TASK_QUEUE}${await webAppAt(config.WEB_ADDR)}`,
    };
  } catch {
    return {
      name: 'start',
      status: 'off',
      detail: `not running (nothing answers at ${address}): commands start an embedded Temporal server for their own duration; run \`arxiv-radar start\` for schedules and the web app`,
    };
  } finally {
    await connection?.close().catch(() => {});
  }
};

export const checkTemporal: Operations['checkTemporal'] = async (config) => {
  if (config.TEMPORAL_ADDRESS) {
    const { Connection } = await import('@temporalio/client');
    try {
      const conn = await Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: 3000 });
      try {
        const info = await conn.workflowService.getSystemInfo({});
        return {
          name: 'temporal',
          status: 'ok',
          detail: `reachable at ${config.TEMPORAL_ADDRESS} (server ${info.serverVersion ?? '?'})`,
        };
      } finally {
        await conn.close();
      }
    } catch (e) {
      return {
        name: 'temporal',
        status: 'fail',
        detail: `TEMPORAL_ADDRESS=${config.TEMPORAL_ADDRESS} is not reachable: ${errorMessage(e)}`,
      };
    }
  }
  const { findOnPath, resolveTemporalCli, TEMPORAL_CLI_VERSION } = await import('./temporal-cli.ts');
  try {
    const cli = await resolveTemporalCli({ cliPath: config.TEMPORAL_CLI_PATH, install: false });
    return {
      name: 'temporal',
      status: 'ok',
      detail: `embedded dev server via ${cli.path} (${cli.source})`,
    };
  } catch (e) {
    if (config.TEMPORAL_CLI_PATH) return { name: 'temporal', status: 'fail', detail: errorMessage(e) };
    const go = findOnPath('go');
    return go
      ? {
          name: 'temporal',
          status: 'warn',
          detail: `CLI not installed yet; installable (CDN download or go install v${TEMPORAL_CLI_VERSION} with ${go}); run npm run setup`,
        }
      : {
          name: 'temporal',
          status: 'warn',
          detail:
            'CLI not installed yet; start will try the CDN download. Without network, set TEMPORAL_CLI_PATH or install Go.',
        };
  }
};

/**
 * The library opens (and migrates), the blob store is writable and readable (a tiny
 * content-addressed probe, the same bytes every time), and, on a cluster, this node spaces arXiv
 * requests like the gate the other nodes use.
 */
export const checkStorage: Operations['checkStorage'] = async (config) => {
  const [{ openStore, storeLocation }, { openBlobStore }] = await Promise.all([
    import('./store.ts'),
    import('./blobs.ts'),
  ]);
  const checks: Check[] = [];
  let subscriptions: Subscription[] = [];
  const location = storeLocation(config);
  try {
    const store = openStore(config);
    try {
      subscriptions = await store.listSubscriptions();
      const n = subscriptions.length;
      checks.push({
        name: 'library',
        status: 'ok',
        detail: `${location} (migrated; ${n} subscription${n === 1 ? '' : 's'})`,
      });
      checks.push(...(await deliveryChecks(config, store, subscriptions)));
    } finally {
      await store.close();
    }
  } catch (e) {
    checks.push({ name: 'library', status: 'fail', detail: `${location}: ${errorMessage(e)}` });
  }
  const blobs = openBlobStore(config);
  try {
    const probe = Buffer.from('{"arxiv-radar":"doctor probe"}');
    const { key } = await blobs.put(probe, 'json');
    const back = await blobs.get(key);
    checks.push(
      back.equals(probe)
        ? { name: 'blobs', status: 'ok', detail: `${blobs.describe()} is writable and readable` }
        : {
            name: 'blobs',
            status: 'fail',
            detail: `${blobs.describe()} gave back other bytes than were stored`,
          },
    );
  } catch (e) {
    checks.push({ name: 'blobs', status: 'fail', detail: `${blobs.describe()}: ${errorMessage(e)}` });
  } finally {
    await blobs.close();
  }
  if (config.TEMPORAL_ADDRESS) checks.push(await checkGateInterval(config));
  return { checks, subscriptions };
};

/**
 * Where each subscription's digest goes, and every announcement still pending with the failure
 * of each destination that refused it (fail when it needs a fix, warn while it is being retried).
 */
async function deliveryChecks(
  config: Config,
  store: Pick<PaperStore, 'pendingDeliveries'>,
  subscriptions: Subscription[],
): Promise<Check[]> {
  const settings = publishingSettings(config);
  const checks: Check[] = [];
  for (const sub of subscriptions) {
    checks.push({
      name: 'delivery',
      status: 'ok',
      detail: `"${sub.name}" → ${describeTargets(sub.destinations, settings).join(', ')}`,
    });
    for (const d of await store.pendingDeliveries(sub.name)) {
      for (const f of d.failures ?? []) {
        checks.push({
          name: 'delivery',
          status: f.permanent ? 'fail' : 'warn',
          detail: `"${sub.name}": the ${d.announcement} digest is pending: ${f.destination} failing since ${f.since.slice(0, 16).replace('T', ' ')} UTC: ${f.message}`,
        });
      }
    }
  }
  return checks;
}
