/**
 * Listener settings (MCP_HTTP_ADDR or `mcp --http`, DISCORD_INTERACTIONS_ADDR) and the secrets
 * that guard them. One set of rules, used by the config schema (so `doctor`, `start` and every
 * command list every problem at once, before anything starts) and by the listeners themselves.
 */
import { isIP } from 'node:net';
import { AppError } from '../domain/errors.ts';

/** Shortest MCP_TOKEN accepted: a bearer token is the only thing guarding the MCP endpoint. */
export const MIN_TOKEN_LENGTH = 16;

export interface ListenAddress {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Only this machine can reach it. */
  loopback: boolean;
}

/** True for addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * Parses `host:port`, `[::1]:port` or `:port` (host defaults to 127.0.0.1; port 0 picks a free
 * one). Returns the problem as `NAME: …` text instead of throwing, for the config's list.
 */
export function checkListenAddress(
  addr: string,
  name: string,
): { address: ListenAddress } | { problem: string } {
  const bad = { problem: `${name}: must be host:port such as 127.0.0.1:8787 (got ${JSON.stringify(addr)})` };
  const m = /^(?:\[([^\]]*)\]|([^:[\]]*)):(\d{1,5})$/.exec(addr.trim());
  if (!m) return bad;
  const port = Number(m[3]);
  if (port > 65535) return { problem: `${name}: port ${port} is over 65535 (got ${JSON.stringify(addr)})` };
  let host: string;
  if (m[1] !== undefined) {
    if (isIP(m[1]) !== 6) return bad;
    host = m[1];
  } else {
    host = m[2] || '127.0.0.1';
    // Dotted digits must be a real IPv4 address; anything else must be a well-formed host name.
    if (/^[\d.]+$/.test(host) ? isIP(host) !== 4 : !HOSTNAME.test(host)) return bad;
  }
  return { address: { host, port, loopback: isLoopbackHost(host) } };
}

/** Like checkListenAddress, throwing INVALID_INPUT with the problem. */
export function parseListenAddress(addr: string, name: string): ListenAddress {
  const r = checkListenAddress(addr, name);
  if ('problem' in r) throw new AppError('INVALID_INPUT', `${r.problem}.`);
  return r.address;
}

/**
 * The MCP HTTP rules: the address parses; MCP_TOKEN is set and at least MIN_TOKEN_LENGTH long.
 * Any address needs the token; a non-loopback one (reachable from other machines) is allowed only
 * with it, and the message says so. `addrName` is the setting's name (`MCP_HTTP_ADDR`, `--http`).
 * Returns every problem, each starting with the variable it is about; [] when `addr` is unset.
 */
export function mcpHttpProblems(
  addr: string | undefined,
  token: string | undefined,
  addrName = 'MCP_HTTP_ADDR',
): string[] {
  if (addr === undefined) return [];
  const problems: string[] = [];
  const r = checkListenAddress(addr, addrName);
  if ('problem' in r) problems.push(r.problem);
  const loopback = 'address' in r ? r.address.loopback : true;
  const howTo =
    'set it to a long random string (e.g. `openssl rand -hex 32`) and give the same token to your MCP client';
  if (!token) {
    problems.push(
      loopback
        ? `MCP_TOKEN: is required when ${addrName} is set (every request must carry Authorization: Bearer <MCP_TOKEN>); ${howTo}`
        : `MCP_TOKEN: is required: ${addrName}=${addr} is not a loopback address, and a non-loopback MCP endpoint is allowed only with MCP_TOKEN set; ${howTo}, or listen on 127.0.0.1:PORT`,
    );
  } else if (token.length < MIN_TOKEN_LENGTH) {
    problems.push(
      `MCP_TOKEN: is too short (${token.length} characters); use at least ${MIN_TOKEN_LENGTH}, e.g. \`openssl rand -hex 32\``,
    );
  }
  return problems;
}

/**
 * The Discord interactions endpoint rules: the address parses, and DISCORD_PUBLIC_KEY is set (every
 * interaction is verified against it). Any address is allowed: Discord must be able to reach it.
 */
export function interactionsProblems(
  addr: string | undefined,
  publicKey: string | undefined,
  addrName = 'DISCORD_INTERACTIONS_ADDR',
): string[] {
  if (addr === undefined) return [];
  const problems: string[] = [];
  const r = checkListenAddress(addr, addrName);
  if ('problem' in r) problems.push(r.problem);
  if (!publicKey)
    problems.push(
      `DISCORD_PUBLIC_KEY: is required when ${addrName} is set (every interaction is signed with it); copy it from the Discord developer portal`,
    );
  return problems;
}

/**
 * The web app rules (WEB_ADDR, WEB_TOKEN): the address parses (`off` turns the app off); a
 * non-loopback address is allowed only with WEB_TOKEN set (the browser then signs in with it); a
 * token, when set, has at least MIN_TOKEN_LENGTH characters that are not spaces. Returns every problem; [] when all is well.
 */
export function webProblems(
  addr: string | undefined,
  token: string | undefined,
  addrName = 'WEB_ADDR',
): string[] {
  const problems: string[] = [];
  let loopback = true;
  if (addr !== undefined && addr !== 'off') {
    const r = checkListenAddress(addr, addrName);
    if ('problem' in r) problems.push(`${r.problem}, or off`);
    else loopback = r.address.loopback;
  }
  if (!loopback && !token) {
    problems.push(
      `WEB_TOKEN: is required: ${addrName}=${addr} is not a loopback address, and the web app is served off this machine only with WEB_TOKEN set; set it to a long random string (e.g. \`openssl rand -hex 32\`), or listen on 127.0.0.1:PORT`,
    );
  } else if (token !== undefined && token.replace(/\s/g, '').length < MIN_TOKEN_LENGTH) {
    // Spaces do not count: 16 spaces are no secret.
    problems.push(
      `WEB_TOKEN: is too short (${token.replace(/\s/g, '').length} characters that are not spaces); use at least ${MIN_TOKEN_LENGTH}, e.g. \`openssl rand -hex 32\``,
    );
  }
  return problems;
}

/** Throws CONFIG_INVALID listing `problems` (one per line), when there are any. */
export function assertNoProblems(problems: string[]): void {
  if (problems.length === 0) return;
  throw new AppError(
    'CONFIG_INVALID',
    problems.length === 1
      ? `${problems[0]}.`
      : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
}
