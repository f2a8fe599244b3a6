/**
 * Consent bound to a proposal: a tool with a side effect (SharedTool.sideEffect in app/tools/, today
 * subscribe_topic) never acts when the model calls it. The call becomes a proposal the server
 * numbers and summarises from the stored state (what will change, field by field); only the user's
 * own action (a button, `/confirm <id>`) applies it, and it expires at the end of the user's next
 * turn. Pure rules; no I/O.
 */
import { hasScope, type Subscription } from './subscription.ts';

/**
 * Tools whose calls were recorded (in agentTurn histories) before a call carried `proposes`: their
 * calls are proposals by name, so those turns replay as they ran. Never grows: a new tool with a
 * side effect says so itself (SharedTool.sideEffect), and the agent's worker marks its calls.
 */
const RECORDED_WRITE_TOOLS: readonly string[] = ['subscribe_topic'];

/** The model's call only proposes: its tool has a side effect (the call says so, or was recorded before calls did). */
export const proposesOnly = (call: { name: string; proposes?: boolean | undefined }): boolean =>
  call.proposes === true || RECORDED_WRITE_TOOLS.includes(call.name);

/** A model's proposed write, as the agentTurn workflow records it (arguments validated by the tool schema). */
export interface ProposedWrite {
  /** A tool with a side effect (app/tools/). */
  tool: string;
  args: Record<string, unknown>;
}

/** What the user is shown of a proposal: built by the server from the arguments and the stored state. */
export interface ProposalSummary {
  title: string;
  /** One line per change. */
  changes: string[];
  /** Why it cannot be applied at all (then it is not kept); null when it can. */
  problem: string | null;
}

/** What the model is told when it calls a write tool: nothing happened, the user decides. */
export function proposalToolText(tool: string, args: Record<string, unknown>): string {
  const { confirmed: _ignored, ...shown } = args;
  return (
    `Proposed to the user, NOT applied: ${tool} ${JSON.stringify(shown)}. ` +
    'The user sees a summary with their own Confirm and Decline controls; only they can apply it, and you cannot. ' +
    'Tell them briefly what it would do. Do not say it is done.'
  );
}

/** The subscription fields a proposal may set, with the argument each comes from. */
const FIELDS: ReadonlyArray<{ label: string; arg: string; stored: (s: Subscription) => unknown }> = [
  { label: 'query', arg: 'query', stored: (s) => s.query },
  { label: 'categories', arg: 'categories', stored: (s) => s.categories },
  { label: 'interest', arg: 'interest', stored: (s) => s.interest },
  { label: 'schedule', arg: 'schedule', stored: (s) => s.cron },
  { label: 'timezone', arg: 'timezone', stored: (s) => s.timezone },
  { label: 'top', arg: 'top_k', stored: (s) => s.topK },
];

const shown = (v: unknown): string => {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return '(none)';
  if (Array.isArray(v)) return v.map(String).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return typeof v === 'string' ? JSON.stringify(v.replace(/\s+/g, ' ')) : String(v);
};

/**
 * What applying subscribe_topic would change, from the stored subscription (`prior`, null for a new
 * one). `changes` lists one line per field (`interest: "a" → "b"` for an update); `problem` says why
 * it cannot be applied at all. Built by the server from the arguments, never from the model's prose.
 */
export function describeSubscriptionProposal(
  args: Record<string, unknown>,
  prior: Subscription | null,
): ProposalSummary {
  const name = String(args.name);
  const given = FIELDS.filter(
    (f) =>
      args[f.arg] !== undefined &&
      !(f.arg === 'categories' && Array.isArray(args[f.arg]) && (args[f.arg] as unknown[]).length === 0),
  );
  if (!prior) {
    const scoped = hasScope({
      query: typeof args.query === 'string' ? args.query : null,
      categories: Array.isArray(args.categories) ? args.categories : [],
    });
    return {
      title: `Create the subscription "${name}"`,
      changes: [
        ...given.map((f) => `${f.label}: ${shown(args[f.arg])}`),
        'anything not listed: the deployment’s defaults',
      ],
      problem: scoped
        ? null
        : 'it gives neither a query nor categories, so the digest would not know which papers to consider',
    };
  }
  const changed = given.filter((f) => shown(args[f.arg]) !== shown(f.stored(prior)));
  return {
    title: `Change the subscription "${name}"`,
    changes: changed.length
      ? changed.map((f) => `${f.label}: ${shown(f.stored(prior))} → ${shown(args[f.arg])}`)
      : ['nothing: it already reads like this'],
    problem: null,
  };
}

/**
 * A proposal of a tool that does not describe its own (SharedTool.sideEffect.describeProposal):
 * its title and each argument it was given, as given.
 */
export function describeArguments(title: string, args: Record<string, unknown>): ProposalSummary {
  const given = Object.entries(args).filter(([k, v]) => k !== 'confirmed' && v !== undefined);
  return {
    title,
    changes: given.length ? given.map(([k, v]) => `${k}: ${shown(v)}`) : ['(no arguments)'],
    problem: null,
  };
}

/** `a1b2c3d4`: the shape of a proposal id (what `/confirm <id>` and the buttons carry). */
export const PROPOSAL_ID = /^[0-9a-f]{8}$/;
