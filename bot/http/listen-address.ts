/** `host:port` listen addresses (DISCORD_INTERACTIONS_ADDR, MCP_HTTP_ADDR, `mcp --http`). */
import { AppError } from '../../lib/errors.ts';

/** Parses `host:port`, `[::1]:port` or `:port` (host defaults to 127.0.0.1); port 0 picks a free one. */
export function parseListenAddress(addr: string, name: string): { host: string; port: number } {
  const m = /^(?:\[([0-9a-fA-F:]+)\]|([A-Za-z0-9.-]*)):(\d{1,5})$/.exec(addr.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) throw new AppError('INVALID_INPUT', `${name} must look like 127.0.0.1:8787 (got "${addr}").`);
  return { host: m[1] ?? (m[2] || '127.0.0.1'), port };
}

/** True for addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
