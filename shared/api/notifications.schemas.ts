import { z } from 'zod';
import { NOTIFICATION_LEVELS } from './notifications';

export const notificationLevelBody = z.object({
  level: z.enum(NOTIFICATION_LEVELS, { error: 'level must be one of all, mentions, mute' }),
});

export const mentionsQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
