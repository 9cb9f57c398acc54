import { z } from 'zod';
import { entityId, timestamp } from './common.schemas';
import { FIRST_MESSAGES_HELD, HELD_REASONS, NEW_ACCOUNT_DAYS, NEWCOMER_LINKS } from './protection';
import { userSummaryDto } from './rooms.schemas';

const newAccountDays = z.union(
  NEW_ACCOUNT_DAYS.map((d) => z.literal(d)),
  {
    error: 'new_account_days must be one of 0, 1, 7, 30',
  },
);
const firstMessagesHeld = z.union(
  FIRST_MESSAGES_HELD.map((d) => z.literal(d)),
  {
    error: 'first_messages_held must be one of 0, 1, 3',
  },
);

export const protectionSettingsDto = z
  .strictObject({
    new_account_days: newAccountDays.describe(
      '"New GitHub accounts can post after": days since the GitHub account was created (0 = off).',
    ),
    first_messages_held: firstMessagesHeld.describe(
      '"First messages need approval": how many first messages of a member who joined less than a week ago are held (0 = off).',
    ),
    newcomer_links: z.enum(NEWCOMER_LINKS).describe('"Links from newcomers": allowed, or held for approval.'),
    locked: z.boolean().describe('"Lock room": only moderators post.'),
  })
  .meta({ id: 'ProtectionSettings', description: "A room's protection from spam, set by its moderators." });

export const protectionBody = protectionSettingsDto;

export const heldMessageParams = z.object({ heldId: z.string() });

export const heldMessageDto = z
  .strictObject({
    id: entityId.describe('The id the message keeps when it is approved.'),
    room_id: entityId,
    client_id: z.string(),
    content: z.string(),
    created_at: timestamp.describe('When it was written: its place in the conversation once approved.'),
    author: userSummaryDto,
    reason: z.enum(HELD_REASONS),
    status: z.enum(['pending', 'rejected']).describe('pending: "Waiting for approval"; rejected: "Not approved".'),
    reply_to_id: entityId.nullable(),
    thread_root_id: entityId.nullable(),
  })
  .meta({ id: 'HeldMessage', description: 'A message held for the approval of the room’s moderators.' });

export const heldMessagesResponse = z.strictObject({
  held: z.array(heldMessageDto).describe('Oldest first.'),
  can_review: z.boolean().describe('The caller moderates the room: `held` lists every waiting message.'),
});

export const heldMessageResponse = z.strictObject({ held: heldMessageDto });
