/**
 * The web app's guards, in one place:
 * - sessions: a random id in an HttpOnly, SameSite=Strict cookie; the server keeps what belongs
 *   to it (signed in, the chat conversation) in memory, oldest dropped past a cap;
 * - CSRF: every state-changing request (any method but GET/HEAD) carries a token derived from the
 *   session id with a per-process HMAC key (form field `_csrf` or header `x-csrf-token`), and an
 *   Origin, when the browser sends one, naming this server;
 * - Host check: only Host names of this server are answered, so a web page cannot reach the app
 *   through DNS rebinding (a wildcard bind with WEB_TOKEN answers any Host: the token guards it);
 * - WEB_TOKEN sign-in, compared in constant time;
 * - rate limits: token buckets per session and client address (search, chat, voice).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'radar_sid';
const MAX_SESSIONS = 2000;

/** A change the agent proposed in the chat, and what the user did with it. */
export interface ChatProposal {
  id: string;
  title: string;
  changes: string[];
  problem: string | null;
  confirmable: boolean;
  state: 'pending' | 'applied' | 'declined';
}

export interface Session {
  id: string;
  signedIn: boolean;
  /** The agent conversation of this browser session (`web:<n>`). */
  conversationId: string;
  /** What the chat page shows without JavaScript: the turns so far. */
  chat: Array<{ role: 'user' | 'assistant'; text: string; cited?: Array<{ id: string; title: string | null; url: string }>; tools?: string[]; proposals?: ChatProposal[] }>;
  /** A message to show once on the next page (after a form's redirect). */
  flash: string | null;
  lastSeen: number;
}

export class Sessions {
  private readonly map = new Map<string, Session>();
  private readonly key = randomBytes(32);
  private seq = 0;

  /** The session of a cookie value, or a new one (the caller sets the cookie when `created`). */
  get(cookie: string | undefined): { session: Session; created: boolean } {
    const found = cookie ? this.map.get(cookie) : undefined;
    if (found) {
      found.lastSeen = Date.now();
      // Re-insert: the Map's order is then least recently used first.
      this.map.delete(found.id);
      this.map.set(found.id, found);
      return { session: found, created: false };
    }
    const id = randomBytes(24).toString('base64url');
    const session: Session = { id, signedIn: false, conversationId: `web:${Date.now().toString(36)}-${++this.seq}-${randomBytes(4).toString('hex')}`, chat: [], flash: null, lastSeen: Date.now() };
    this.map.set(id, session);
    while (this.map.size > MAX_SESSIONS) this.map.delete(this.map.keys().next().value as string);
    return { session, created: true };
  }

  /** The CSRF token of a session: an HMAC of its id with a key that never leaves this process. */
  csrfToken(session: Session): string {
    return createHmac('sha256', this.key).update(session.id).digest('base64url');
  }

  csrfValid(session: Session, token: string | undefined): boolean {
    return equalSecret(token ?? '', this.csrfToken(session));
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time comparison of two secrets (hashed first, so lengths leak nothing either). */
export function equalSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}

/** A token bucket per key: `burst` requests at once, one more every `refillMs`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    readonly burst: number,
    readonly refillMs: number,
  ) {}

  /** Takes one token; returns 0 when allowed, else the milliseconds until the next one. */
  take(key: string, now = Date.now()): number {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const refilled = Math.min(this.burst, b.tokens + (now - b.at) / this.refillMs);
    if (refilled < 1) {
      this.buckets.set(key, { tokens: refilled, at: now });
      return Math.ceil((1 - refilled) * this.refillMs);
    }
    this.buckets.set(key, { tokens: refilled - 1, at: now });
    if (this.buckets.size > 10_000) this.buckets.delete(this.buckets.keys().next().value as string);
    return 0;
  }
}

/** True when an Origin header (absent from same-origin GETs and non-browsers) names this host. */
export function originAllowed(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  const o = origin.toLowerCase();
  return o === `http://${host}` || o === `https://${host}`;
}
