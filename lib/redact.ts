/**
 * The one redaction helper. Anything we print or log (doctor, log lines, error messages shown by
 * the CLI, the bot and MCP) goes through `redact`: credentials inside URLs are masked (userinfo,
 * and query parameters such as key, token, api_key) and the configured secret values (registered
 * by loadConfig: LLM_API_KEY, NOTION_TOKEN, DISCORD_TOKEN, MCP_TOKEN, the token in
 * DISCORD_WEBHOOK_URL, passwords in configured URLs) are replaced wherever they appear, e.g.
 * in an upstream error body that echoes the API key.
 */

export const MASK = '****';

/** Query parameters whose values are credentials (matched case-insensitively, `-`/`_` ignored). */
const SECRET_PARAM =
  /^(?:api_?key|key|token|access_?token|auth|authorization|secret|client_?secret|password|passwd|pwd|sig|signature)$/i;

// Shorter values would mask ordinary words; real secrets are longer.
const MIN_SECRET_LENGTH = 6;

const secrets = new Set<string>();

/** Adds values to mask everywhere from now on (the process's configured secrets). Blank and very short values are ignored. */
export function registerSecrets(values: Iterable<string | undefined | null>): void {
  for (const v of values) {
    if (typeof v !== 'string') continue;
    const t = v.trim();
    if (t.length < MIN_SECRET_LENGTH) continue;
    secrets.add(t);
    // The same value as it appears inside JSON or a URL.
    secrets.add(JSON.stringify(t).slice(1, -1));
    secrets.add(encodeURIComponent(t));
  }
}

/** A Slack incoming webhook's path: `/services/<team>/<hook>/<secret>`. */
const SLACK_HOOK = /^(.*\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/)([^/?#]+)(.*)$/;

/** The secret parts of a URL worth registering: userinfo, credential query values, a Discord webhook token. */
export function urlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  const out = [decodeURIComponent(u.password), decodeURIComponent(u.username)].filter(Boolean);
  for (const [k, v] of u.searchParams) if (SECRET_PARAM.test(k.replace(/-/g, '_'))) out.push(v);
  // https://discord.com/api/webhooks/<id>/<token>: the token is the credential.
  const webhook = /\/webhooks\/\d+\/([^/?#]+)/.exec(u.pathname);
  if (webhook?.[1]) out.push(decodeURIComponent(webhook[1]));
  // https://hooks.slack.com/services/T…/B…/<secret>: so is a Slack incoming webhook's last segment.
  const slack = SLACK_HOOK.exec(u.pathname);
  if (slack?.[2]) out.push(decodeURIComponent(slack[2]));
  return out;
}

/** `url` with userinfo and credential query values masked; unparsable input is returned as is. */
export function maskUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  if (u.username || u.password) {
    u.username = MASK;
    u.password = '';
    changed = true;
  }
  for (const k of [...u.searchParams.keys()]) {
    if (SECRET_PARAM.test(k.replace(/-/g, '_'))) {
      u.searchParams.set(k, MASK);
      changed = true;
    }
  }
  const webhook = /^(.*\/webhooks\/\d+\/)([^/?#]+)(.*)$/.exec(u.pathname);
  if (webhook) {
    u.pathname = `${webhook[1]}${MASK}${webhook[3]}`;
    changed = true;
  }
  const slack = SLACK_HOOK.exec(u.pathname);
  if (slack) {
    u.pathname = `${slack[1]}${MASK}${slack[3]}`;
    changed = true;
  }
  return changed ? u.toString().replaceAll('%2A%2A%2A%2A', MASK) : url;
}

// A URL inside free text: scheme, then anything up to whitespace, a quote or a closing bracket.
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`)\]}]+/gi;

/** `text` with every URL masked (maskUrl) and every registered secret replaced by `****`. */
export function redact(text: string): string {
  let out = text.replace(URL_IN_TEXT, (m) => maskUrl(m));
  // Longest first, so a secret containing another is masked whole.
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(MASK);
  }
  return out;
}

/** A deep copy of `value` with every string redacted (for structured log fields and JSON output). */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v)])) as T;
  }
  return value;
}
