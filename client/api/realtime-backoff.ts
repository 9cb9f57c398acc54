// How long the realtime client waits before connecting again (client/api/realtime.ts).

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;
/**
 * After a policy close (this tab or user sent too much, or has too many sockets open) the next
 * attempt waits long, and longer each time, so that many tabs do not storm the server together.
 */
export const POLICY_BACKOFF_BASE_MS = 30_000;
export const POLICY_BACKOFF_CAP_MS = 5 * 60_000;
/** A connection that stayed open this long ends a series of policy closes. */
export const POLICY_FORGIVE_MS = 2 * 60_000;

/** Jittered, doubling wait before the next attempt after `attempts` failed ones. */
export function reconnectDelay(attempts: number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempts);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** Jittered, doubling wait after the nth policy close in a row. */
export function policyDelay(closes: number): number {
  const ceiling = Math.min(POLICY_BACKOFF_CAP_MS, POLICY_BACKOFF_BASE_MS * 2 ** (closes - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
