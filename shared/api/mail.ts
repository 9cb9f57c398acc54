import type { z } from 'zod';
// Types only (no zod in the client).
import type { mailAddressBody, mailSettingsBody, mailSettingsDto } from './mail.schemas';

/**
 * E-mail notifications (docs/PRODUCT.md §21).
 *
 * GET /api/me/mail → the settings; PUT /api/me/mail {mentions_and_replies, digest_room_ids};
 * PUT /api/me/mail/address {address} → a confirmation link goes to a typed address ('' = GitHub's).
 * Without signing in: GET /mail/confirm?token=…, GET or POST /mail/unsubscribe?token=… (one click,
 * RFC 8058).
 */
export type MailSettingsDto = z.infer<typeof mailSettingsDto>;
export type MailSettingsBody = z.infer<typeof mailSettingsBody>;
export type MailAddressBody = z.infer<typeof mailAddressBody>;

export const UNSUBSCRIBED = 'You will get no more e-mail from RepoRooms';
/** What the unsubscribe link opens: a question, answered by its button. */
export const UNSUBSCRIBE_QUESTION = 'Stop e-mail from RepoRooms?';
/** An unsubscribe or confirmation link whose token matches nothing. */
export const LINK_NOT_VALID = 'This link is not valid any more';
export const ADDRESS_CONFIRMED = 'Your e-mail address is confirmed';
