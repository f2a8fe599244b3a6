/**
 * Discord failures as AppErrors: a failed response (status, Discord's JSON error body, Retry-After)
 * or a network failure. The status classification is lib/http-failure.ts; the hints say what to
 * fix for each kind of call, because a 404 means something else for a channel post than for an
 * interaction follow-up.
 */
import { AppError, errorMessage, isAppError } from '../../domain/errors.ts';
import { httpFailure, parseRetryAfter, type StatusHints } from '../http-failure.ts';

/** Posting a digest to a channel (bot token) or a webhook (DISCORD_WEBHOOK_URL). */
export const CHANNEL_HINTS: StatusHints = {
  401: 'the token was rejected: check DISCORD_TOKEN (a bot token) or DISCORD_WEBHOOK_URL',
  403: 'the bot lacks permission: give it View Channel, Send Messages, Embed Links and Read Message History in the channel',
  404: 'the channel or webhook does not exist: check DISCORD_CHANNEL_ID or DISCORD_WEBHOOK_URL',
  400: 'Discord rejected the message as invalid',
};

/** Editing or following up an interaction through its webhook, valid 15 minutes after the command. */
export const INTERACTION_HINTS: StatusHints = {
  401: 'the interaction token was rejected: it expires 15 minutes after the command',
  404: 'the interaction or its response no longer exists: its token expires 15 minutes after the command',
  400: 'Discord rejected the message as invalid',
};

/** Registering the slash commands (`discord deploy-commands`). */
export const COMMAND_HINTS: StatusHints = {
  401: 'the token was rejected: check DISCORD_TOKEN (a bot token)',
  403: 'the bot may not register these commands: check DISCORD_APPLICATION_ID, and that the bot was invited to the guild with the applications.commands scope',
  404: 'unknown application or guild: check DISCORD_APPLICATION_ID and --guild',
  400: 'Discord rejected the command definitions',
};

/** Maps a failed Discord response (status, headers, JSON body) to an AppError. */
export async function discordFailure(
  res: Response,
  action: string,
  hints: StatusHints = {},
): Promise<AppError> {
  const text = await res.text().catch(() => '');
  let body: { message?: unknown; code?: unknown; retry_after?: unknown; errors?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Discord's edge (Cloudflare) answers some failures with HTML; keep the status only.
  }
  // Discord sends retry_after (seconds, float) in the body and Retry-After in the header.
  const retryAfterMs =
    typeof body.retry_after === 'number'
      ? Math.ceil(body.retry_after * 1000)
      : parseRetryAfter(res.headers.get('retry-after'));
  const errors = body.errors === undefined ? '' : ` ${JSON.stringify(body.errors).slice(0, 500)}`;
  return httpFailure(
    'Discord',
    res.status,
    {
      message: `${action}: ${typeof body.message === 'string' ? body.message : res.statusText}${errors}`,
      ...(typeof body.code === 'number' ? { code: body.code } : {}),
      retryAfterMs,
      body: body.errors,
    },
    hints,
  );
}

/** Maps a network-level failure (DNS, refused connection, reset, timeout) talking to Discord. */
export function discordNetworkFailure(e: unknown, action: string): AppError {
  if (isAppError(e)) return e;
  return new AppError('PUBLISH_FAILED', `Could not reach Discord to ${action}: ${errorMessage(e)}`, {
    retryable: true,
    cause: e,
  });
}
