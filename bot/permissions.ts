/** Who may manage subscriptions: Manage Channels (or Administrator) in the channel, or a configured role. */
import type { Invoker } from './types.ts';

/** Discord permission bits (developer docs, "Permissions"). */
export const PERMISSION = { ADMINISTRATOR: 1n << 3n, MANAGE_CHANNELS: 1n << 4n } as const;

/** True when the invoker may create, delete or run subscriptions. */
export function canManageSubscriptions(who: Invoker, managerRoleId: string | null): boolean {
  if (managerRoleId && who.roles.includes(managerRoleId)) return true;
  if (who.permissions === null) return false;
  return (who.permissions & (PERMISSION.MANAGE_CHANNELS | PERMISSION.ADMINISTRATOR)) !== 0n;
}
