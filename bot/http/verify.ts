/**
 * Discord's request signature check for the HTTP interactions endpoint: Ed25519 over
 * `timestamp + rawBody` with the application's public key (developer docs, "Security and
 * Authorization"). node:crypto takes Ed25519 keys as SPKI DER: a fixed 12-byte prefix (RFC 8410)
 * followed by the raw 32-byte key.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Max age of a signed request; older ones are replays. */
export const MAX_SIGNATURE_AGE_S = 300;

/** A KeyObject for the 64-hex-digit public key from the developer portal. */
export function discordPublicKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('DISCORD_PUBLIC_KEY must be 64 hex digits');
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/** True when the signature is valid and the timestamp within five minutes of `nowS`. */
export function verifyDiscordSignature(opts: {
  key: KeyObject;
  signature: string | undefined;
  timestamp: string | undefined;
  body: Buffer;
  nowS: number;
}): boolean {
  const { signature, timestamp } = opts;
  if (!signature || !timestamp || !/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp))
    return false;
  if (Math.abs(opts.nowS - Number(timestamp)) > MAX_SIGNATURE_AGE_S) return false;
  return verify(
    null,
    Buffer.concat([Buffer.from(timestamp, 'utf8'), opts.body]),
    opts.key,
    Buffer.from(signature, 'hex'),
  );
}
