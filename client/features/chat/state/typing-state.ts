import { TYPING_EXPIRY_MS, TYPING_STALE_MS } from '../../../../shared/limits';

/** user id → local time (ms) when the flag drops unless a newer signal arrives. */
export type TypingFlags = ReadonlyMap<string, number>;

/**
 * Records a typing signal. Signals older than 2.5 s on arrival are ignored; a fresh one keeps
 * the flag for about 3 s from when it was relayed.
 */
export function receiveTyping(flags: TypingFlags, userId: string, ageMs: number, now: number): TypingFlags {
  if (ageMs > TYPING_STALE_MS) return flags;
  const expiresAt = now - ageMs + TYPING_EXPIRY_MS;
  if ((flags.get(userId) ?? 0) >= expiresAt) return flags;
  const next = new Map(flags);
  next.set(userId, expiresAt);
  return next;
}

/** Drops expired flags (returns the same map when nothing changed). */
export function pruneTyping(flags: TypingFlags, now: number): TypingFlags {
  let next: Map<string, number> | null = null;
  for (const [userId, expiresAt] of flags) {
    if (expiresAt <= now) {
      next ??= new Map(flags);
      next.delete(userId);
    }
  }
  return next ?? flags;
}

/** Drops one user's flag (for example when their message arrives). */
export function clearTyping(flags: TypingFlags, userId: string): TypingFlags {
  if (!flags.has(userId)) return flags;
  const next = new Map(flags);
  next.delete(userId);
  return next;
}

/** docs/PRODUCT.md §2.5: up to two names, then 'and others', followed by 'typing…'. */
export function typingText(names: string[]): string | null {
  if (names.length === 0) return null;
  const shown = names.slice(0, 2).join(' and ');
  return names.length > 2 ? `${shown} and others typing…` : `${shown} typing…`;
}
