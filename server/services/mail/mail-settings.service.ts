import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MailSettingsBody, MailSettingsDto } from '../../../shared/api/mail';
import type { Config } from '../../config/config';
import { mailRepository, type MailSettingsRow } from '../../db/repositories/mail.repository';
import type { Database } from '../../db/schema';
import { domainErrors } from '../../errors';
import type { MailQueue } from './mail-queue';

export const CONFIRM_KIND = 'confirm';

const newToken = () => randomBytes(24).toString('base64url');

/** Where and whether a person gets e-mail. */
export interface MailRecipient {
  address: string;
  mentionsEnabled: boolean;
  unsubscribeUrl: string;
}

export interface MailAddressBook {
  recipient(userId: string): Promise<MailRecipient | undefined>;
}

/** A person's e-mail settings, the confirmation of a typed address and unsubscribing (docs/PRODUCT.md §21). */
export function createMailSettingsService({
  db,
  config,
  queue,
  now,
}: {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl' | 'mail'>;
  queue: Pick<MailQueue, 'enqueue'>;
  now: () => number;
}) {
  const repo = () => mailRepository(db);
  const ensure = (userId: string) => repo().ensureSettings(userId, newToken(), new Date(now()).toISOString());
  const unsubscribeUrl = (row: MailSettingsRow) =>
    `${config.publicUrl}/mail/unsubscribe?token=${encodeURIComponent(row.unsubscribe_token)}`;

  async function present(userId: string, row: MailSettingsRow): Promise<MailSettingsDto> {
    const github = await repo().githubAddress(userId);
    const custom = row.custom_address !== null && Number(row.custom_confirmed) === 1 ? row.custom_address : null;
    return {
      address: custom ?? github,
      address_source: custom ? 'custom' : github ? 'github' : null,
      github_address: github,
      pending_address: row.custom_address !== null && Number(row.custom_confirmed) !== 1 ? row.custom_address : null,
      mentions_and_replies: Number(row.mentions_enabled) === 1,
      digest_room_ids: await repo().digestRooms(userId),
      enabled: config.mail.enabled,
    };
  }

  return {
    async recipient(userId: string): Promise<MailRecipient | undefined> {
      const row = await ensure(userId);
      const settings = await present(userId, row);
      if (!settings.address) return undefined;
      return {
        address: settings.address,
        mentionsEnabled: settings.mentions_and_replies,
        unsubscribeUrl: unsubscribeUrl(row),
      };
    },

    /** Read only (a GET changes nothing): a person without a row has the defaults. */
    async get(userId: string): Promise<MailSettingsDto> {
      const row = await repo().settings(userId);
      return present(
        userId,
        row ?? {
          user_id: userId,
          custom_address: null,
          custom_confirmed: 0,
          confirm_token: null,
          mentions_enabled: 1,
          unsubscribe_token: '',
          created_at: '',
        },
      );
    },

    async update(userId: string, body: MailSettingsBody): Promise<MailSettingsDto> {
      await ensure(userId);
      const memberOf = new Set(
        (
          await db
            .selectFrom('chat_members')
            .select('room_id')
            .where('user_id', '=', userId)
            .where('left_at', 'is', null)
            .execute()
        ).map((r) => r.room_id),
      );
      const rooms = [...new Set(body.digest_room_ids)];
      if (rooms.some((id) => !memberOf.has(id))) throw domainErrors.invalid('A daily digest can only be of your rooms');
      await db.transaction().execute(async (trx) => {
        await mailRepository(trx).update(userId, { mentions_enabled: body.mentions_and_replies ? 1 : 0 });
        await mailRepository(trx).setDigestRooms(userId, rooms);
      });
      return this.get(userId);
    },

    /** A typed address is used once its link is opened; '' goes back to GitHub's. */
    async setAddress(userId: string, address: string): Promise<MailSettingsDto> {
      await ensure(userId);
      if (address === '') {
        await repo().update(userId, { custom_address: null, custom_confirmed: 0, confirm_token: null });
        return this.get(userId);
      }
      const token = newToken();
      await repo().update(userId, { custom_address: address, custom_confirmed: 0, confirm_token: token });
      await queue.enqueue({
        key: `${CONFIRM_KIND}:${userId}:${token}`,
        kind: CONFIRM_KIND,
        userId,
        roomId: null,
        runAt: now(),
        payload: { address, url: `${config.publicUrl}/mail/confirm?token=${encodeURIComponent(token)}` },
      });
      return this.get(userId);
    },

    /** The link of a confirmation e-mail: true when it matched a waiting address. */
    async confirm(token: string): Promise<boolean> {
      const row = token ? await repo().byConfirmToken(token) : undefined;
      if (!row) return false;
      await repo().update(row.user_id, { custom_confirmed: 1, confirm_token: null });
      return true;
    },

    /** Whether an unsubscribe link's token belongs to someone (opening the link changes nothing). */
    async knowsUnsubscribeToken(token: string): Promise<boolean> {
      return Boolean(token && (await repo().byUnsubscribeToken(token)));
    },

    /** One click, no sign-in: no more e-mail of any kind. True when the token matched. */
    async unsubscribe(token: string): Promise<boolean> {
      const row = token ? await repo().byUnsubscribeToken(token) : undefined;
      if (!row) return false;
      await db.transaction().execute(async (trx) => {
        await mailRepository(trx).update(row.user_id, { mentions_enabled: 0 });
        await mailRepository(trx).setDigestRooms(row.user_id, []);
      });
      return true;
    },
  };
}

export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
