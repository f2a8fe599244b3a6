/**
 * Stricter than the determinism check of replay.test.ts, which compares each command's type and
 * the activity's name but not its arguments: replays every recorded history and compares the
 * arguments of each activity and child workflow the current code schedules with the ones the
 * history recorded, in order. A refactor of a workflow must send exactly what it sent before.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from '@temporalio/worker';
import { WORKFLOWS_PATH } from '../../workers/worker-set.ts';

const DIR = path.resolve(import.meta.dirname, '../fixtures/histories');
const INTERCEPTOR = path.resolve(import.meta.dirname, '../support/command-recorder-interceptor.ts');

interface Payload {
  metadata?: { encoding?: string };
  data?: string;
}
interface HistoryEvent {
  eventType: string;
  activityTaskScheduledEventAttributes?: { activityType: { name: string }; input?: { payloads?: Payload[] } };
  startChildWorkflowExecutionInitiatedEventAttributes?: {
    workflowType: { name: string };
    input?: { payloads?: Payload[] };
  };
}
interface Recorded {
  workflowId: string;
  history: { events: HistoryEvent[] };
}

/** A json/plain payload as the value it encodes (the only encoding the workers use). */
function decode(p: Payload): unknown {
  const encoding = Buffer.from(p.metadata?.encoding ?? '', 'base64').toString('utf8');
  assert.equal(encoding, 'json/plain', 'payloads are JSON');
  return JSON.parse(Buffer.from(p.data ?? '', 'base64').toString('utf8')) as unknown;
}

/**
 * The one documented equivalence: the selection reads its stored files from `sources` or from the
 * fields that came before it (announcementsFile, oaiFiles, searchFiles; activities/pipeline/
 * announcements.ts sourceFiles), so both shapes are compared as the list it reads.
 */
function normalise(command: string, args: unknown[]): unknown[] {
  if (command !== 'activity selectAnnouncement') return args;
  return args.map((a) => {
    const { announcementsFile, oaiFiles, searchFiles, sources, ...rest } = a as Record<string, unknown>;
    const legacy = [
      { kind: 'feed', files: typeof announcementsFile === 'string' ? [announcementsFile] : [] },
      { kind: 'oai', files: (oaiFiles as string[] | undefined) ?? [] },
      { kind: 'search', files: (searchFiles as string[] | undefined) ?? [] },
    ];
    return {
      ...rest,
      sources: [...((sources as unknown[] | undefined) ?? []), ...legacy.filter((s) => s.files.length > 0)],
    };
  });
}

const line = (kind: string, type: string, args: unknown[]) =>
  `${kind} ${type} ${JSON.stringify(normalise(`${kind} ${type}`, args))}`;

/** `activity <name> <args>` / `child <type> <args>`, in the order the history scheduled them. */
function recordedCommands(h: Recorded): string[] {
  const out: string[] = [];
  for (const e of h.history.events) {
    const a = e.activityTaskScheduledEventAttributes;
    if (a) out.push(line('activity', a.activityType.name, (a.input?.payloads ?? []).map(decode)));
    const c = e.startChildWorkflowExecutionInitiatedEventAttributes;
    if (c) out.push(line('child', c.workflowType.name, (c.input?.payloads ?? []).map(decode)));
  }
  return out;
}

describe('workflow replay sends what the history recorded', () => {
  it('schedules every activity and child with the recorded arguments, in order', async () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .sort();
    const histories = files.map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Recorded);
    const sent = new Map<string, string[]>();
    const replays = Worker.runReplayHistories(
      {
        workflowsPath: WORKFLOWS_PATH,
        interceptors: { workflowModules: [INTERCEPTOR] },
        sinks: {
          commands: {
            record: {
              callDuringReplay: true,
              fn: (info, kind: string, type: string, args: unknown[]) => {
                const list = sent.get(info.workflowId) ?? [];
                list.push(line(kind, type, args));
                sent.set(info.workflowId, list);
              },
            },
          },
        },
      },
      histories,
    );
    let replayed = 0;
    for await (const result of replays) {
      assert.equal(result.error, undefined, `${result.workflowId}: ${String(result.error)}`);
      replayed++;
    }
    assert.equal(replayed, files.length);
    let compared = 0;
    for (const h of histories) {
      const expected = recordedCommands(h);
      // A workflow's code may schedule one more command after the history ends (cut short by a
      // test); what the history recorded must come first, unchanged.
      assert.deepEqual((sent.get(h.workflowId) ?? []).slice(0, expected.length), expected, h.workflowId);
      compared += expected.length;
    }
    assert.ok(compared > 100, `compared ${compared} commands`);
  });
});
