import { z } from 'zod';
import { entityId } from './common.schemas';

export const mailSettingsDto = z
  .strictObject({
    address: z.string().nullable().describe('Where e-mail goes now: the confirmed typed address, else GitHub’s.'),
    address_source: z.enum(['github', 'custom']).nullable(),
    github_address: z.string().nullable().describe('The e-mail address GitHub gave at sign-in.'),
    pending_address: z.string().nullable().describe('A typed address waiting for its confirmation link.'),
    mentions_and_replies: z.boolean().describe('"Mentions and replies": e-mail what stays unread.'),
    digest_room_ids: z.array(entityId).describe('Rooms of the "Daily digest".'),
    enabled: z.boolean().describe('Whether this site sends e-mail at all.'),
  })
  .meta({ id: 'MailSettings', description: 'E-mail notifications of the signed-in person.' });

export const mailSettingsBody = z.object({
  mentions_and_replies: z.boolean(),
  digest_room_ids: z.array(entityId).max(50, 'At most 50 rooms in the daily digest'),
});

export const mailAddressBody = z.object({
  address: z
    .string()
    .trim()
    .max(254, 'That e-mail address is too long')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address'),
});
