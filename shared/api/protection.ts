import type { z } from 'zod';
// Types only (no zod in the client).
import type {
  heldMessageDto,
  heldMessageResponse,
  heldMessagesResponse,
  protectionBody,
  protectionSettingsDto,
} from './protection.schemas';

/**
 * Protection from spam (docs/PRODUCT.md §20): a room's settings, set by its moderators, and the
 * messages they hold for approval.
 *
 * GET /api/rooms/:roomId/protection → the settings (moderators only)
 * PUT /api/rooms/:roomId/protection {settings} → the settings (moderators only)
 * GET /api/rooms/:roomId/held-messages → a moderator: every message waiting for approval; a member:
 *   their own (waiting, or not approved in the last day)
 * POST /api/held-messages/:id/approve → 200 {message}: published in its place
 * POST /api/held-messages/:id/reject → 204
 * A send that is held answers 202 {held}.
 */
export const NEW_ACCOUNT_DAYS = [0, 1, 7, 30] as const;
export type NewAccountDays = (typeof NEW_ACCOUNT_DAYS)[number];
export const FIRST_MESSAGES_HELD = [0, 1, 3] as const;
export type FirstMessagesHeld = (typeof FIRST_MESSAGES_HELD)[number];
export const NEWCOMER_LINKS = ['allowed', 'held'] as const;
export type NewcomerLinks = (typeof NEWCOMER_LINKS)[number];
export const HELD_REASONS = ['first_messages', 'links', 'duplicate'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/** A member who joined less than this long ago is a newcomer (first messages, links). */
export const NEWCOMER_DAYS = 7;
/** The same text in this many rooms within DUPLICATE_WINDOW_MINUTES: held from this room on. */
export const DUPLICATE_ROOMS = 3;
export const DUPLICATE_WINDOW_MINUTES = 10;

export const ROOM_LOCKED = 'This room is locked';
export const WAITING_FOR_APPROVAL = 'Waiting for approval';
export const NOT_APPROVED = 'Not approved';
export const HELD_MESSAGE_NOT_FOUND = 'Held message not found';
export const HELD_MESSAGE_DECIDED = 'This message was already reviewed';

/** The labels of the settings, as moderators see them. */
export const NEW_ACCOUNT_LABELS: Record<NewAccountDays, string> = { 0: 'Off', 1: '1 day', 7: '7 days', 30: '30 days' };
export const FIRST_MESSAGES_LABELS: Record<FirstMessagesHeld, string> = {
  0: 'Off',
  1: 'First message',
  3: 'First 3 messages',
};
export const HELD_REASON_LABELS: Record<HeldReason, string> = {
  first_messages: 'First messages of a newcomer',
  links: 'Link from a newcomer',
  duplicate: 'Same message in several rooms',
};

/** What a refused send says when the GitHub account is younger than the room asks. */
export function accountTooNewMessage(days: number, allowedFrom: string): string {
  return `New GitHub accounts can post in this room ${days} ${days === 1 ? 'day' : 'days'} after they are created: yours can post from ${allowedFrom.slice(0, 16).replace('T', ' ')} UTC`;
}

export type ProtectionSettingsDto = z.infer<typeof protectionSettingsDto>;
export type ProtectionBody = z.infer<typeof protectionBody>;
export type HeldMessageDto = z.infer<typeof heldMessageDto>;
export type HeldMessagesResponse = z.infer<typeof heldMessagesResponse>;
export type HeldMessageResponse = z.infer<typeof heldMessageResponse>;
