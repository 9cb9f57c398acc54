import { NEWCOMER_DAYS, type HeldReason } from '../../../shared/api/protection';
import type { ProtectionRow } from '../../db/repositories/protection.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What protection decides for one send (docs/PRODUCT.md §20). */
export type Verdict =
  | { kind: 'publish' }
  | { kind: 'locked' }
  | { kind: 'too_new'; days: number; allowedFrom: string }
  | { kind: 'hold'; reason: HeldReason };

export interface SendFacts {
  settings: ProtectionRow;
  moderator: boolean;
  /** When the sender's GitHub account was created; null when GitHub never said (not judged). */
  accountCreatedAt: string | null;
  /** When the sender joined the room (null: not a member, refused elsewhere). */
  joinedAt: string | null;
  /** Messages of the sender the room has published (counted up to the setting). */
  publishedCount: number;
  hasLink: boolean;
  /** Other rooms where the sender wrote this text within the duplicate window. */
  otherRoomsWithSameText: number;
  now: number;
}

/**
 * The rules, in order: a locked room refuses everyone but moderators; moderators are never held;
 * an account younger than the room asks is refused; the same text in a third room is held; a
 * newcomer's first messages and links are held as the room says. Contributors of the repository
 * are exempted by the caller from everything but the lock (it asks GitHub only when this says
 * refuse or hold).
 */
export function judgeSend(facts: SendFacts): Verdict {
  const { settings, now } = facts;
  if (Number(settings.locked) === 1 && !facts.moderator) return { kind: 'locked' };
  if (facts.moderator) return { kind: 'publish' };
  if (settings.new_account_days > 0 && facts.accountCreatedAt !== null) {
    const allowedFrom = Date.parse(facts.accountCreatedAt) + settings.new_account_days * DAY_MS;
    if (allowedFrom > now) {
      return { kind: 'too_new', days: settings.new_account_days, allowedFrom: new Date(allowedFrom).toISOString() };
    }
  }
  if (facts.otherRoomsWithSameText >= 2) return { kind: 'hold', reason: 'duplicate' };
  const newcomer = facts.joinedAt !== null && Date.parse(facts.joinedAt) > now - NEWCOMER_DAYS * DAY_MS;
  if (!newcomer) return { kind: 'publish' };
  if (settings.first_messages_held > 0 && facts.publishedCount < settings.first_messages_held) {
    return { kind: 'hold', reason: 'first_messages' };
  }
  if (Number(settings.newcomer_links_held) === 1 && facts.hasLink) return { kind: 'hold', reason: 'links' };
  return { kind: 'publish' };
}

/** Whether a text carries a link: an address with a scheme, or a bare domain with a path or www. */
export function hasLink(content: string): boolean {
  return /\bhttps?:\/\/\S|\bwww\.\S+\.\S|\b[a-z0-9-]+\.(com|net|org|io|ru|xyz|info|biz|top|link|ly|gg|me|co)\b/i.test(
    content,
  );
}
