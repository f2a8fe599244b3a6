/**
 * The web app's guards, in one place:
 * - sessions: a random id in an HttpOnly, SameSite=Strict cookie; the server keeps what belongs
 *   to it (signed in, the chat conversation) in memory. One is kept only when needed (a page with
 *   a form needs its CSRF token, or at sign-in, which also gives it a new id); anonymous ones are
 *   capped per client address and in all, and only ever push out other anonymous ones, so a flood
 *   of cookieless requests cannot sign anybody out;
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
/** Sessions kept: signed-in ones, and anonymous ones (in all and per client address). */
const MAX_SIGNED_IN = 2000;
const MAX_ANONYMOUS = 2000;
const MAX_ANONYMOUS_PER_ADDRESS = 20;

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
  chat: Array<{
    role: 'user' | 'assistant';
    text: string;
    cited?: Array<{ id: string; title: string | null; url: string }>;
    tools?: string[];
    proposals?: ChatProposal[];
  }>;
  /** A message to show once on the next page (after a form's redirect). */
  flash: string | null;
  lastSeen: number;
}

export class Sessions {
  /** Kept sessions by id, least recently used first (anonymous and signed-in apart). */
  private readonly anonymous = new Map<string, Session & { address: string }>();
  private readonly signedIn = new Map<string, Session>();
  private readonly key = randomBytes(32);
  private seq = 0;

  /** The kept session of a cookie value, or null. */
  find(cookie: string | undefined): Session | null {
    if (!cookie) return null;
    for (const map of [this.signedIn, this.anonymous] as Array<Map<string, Session>>) {
      const found = map.get(cookie);
      if (!found) continue;
      found.lastSeen = Date.now();
      // Re-insert: the Map's order is then least recently used first.
      map.delete(found.id);
      map.set(found.id, found);
      return found;
    }
    return null;
  }

  /** A session that is not kept (no cookie): what a request without one works with until it needs one. */
  transient(): Session {
    return {
      id: randomBytes(24).toString('base64url'),
      signedIn: false,
      conversationId: `web:${Date.now().toString(36)}-${++this.seq}-${randomBytes(4).toString('hex')}`,
      chat: [],
      flash: null,
      lastSeen: Date.now(),
    };
  }

  /** True when the session is kept (its cookie names it). */
  isKept(session: Session): boolean {
    return this.signedIn.has(session.id) || this.anonymous.has(session.id);
  }

  /**
   * Keeps an anonymous session (a page with a form needs its CSRF token). Past the caps the same
   * address's oldest anonymous session goes, then the oldest anonymous one; never a signed-in one.
   */
  keep(session: Session, address: string): void {
    if (this.isKept(session)) return;
    const mine = [...this.anonymous.values()].filter((s) => s.address === address);
    if (mine.length >= MAX_ANONYMOUS_PER_ADDRESS) this.anonymous.delete(mine[0]!.id);
    this.anonymous.set(session.id, Object.assign(session, { address }));
    while (this.anonymous.size > MAX_ANONYMOUS)
      this.anonymous.delete(this.anonymous.keys().next().value as string);
  }

  /**
   * Signs a session in under a new id (a session id known before sign-in, e.g. planted, is worth
   * nothing after it); what it held (the chat) moves along. Returns the new session: set its cookie.
   */
  signIn(session: Session): Session {
    this.anonymous.delete(session.id);
    this.signedIn.delete(session.id);
    const { address: _address, ...kept } = session as Session & { address?: string };
    const renewed: Session = {
      ...kept,
      id: randomBytes(24).toString('base64url'),
      signedIn: true,
      lastSeen: Date.now(),
    };
    this.signedIn.set(renewed.id, renewed);
    while (this.signedIn.size > MAX_SIGNED_IN)
      this.signedIn.delete(this.signedIn.keys().next().value as string);
    return renewed;
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

/** True when an Origin header (absent from same-origin GETs and non-browsers) names this host. */
export function originAllowed(origin: string | undefined, host: string): boolean {
  if (origin === undefined) return true;
  const o = origin.toLowerCase();
  return o === `http://${host}` || o === `https://${host}`;
}
