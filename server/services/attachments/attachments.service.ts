import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  ATTACHMENT_ERRORS,
  ATTACHMENT_HOURLY_BYTES,
  ATTACHMENT_NAME_MAX,
  isImageType,
  UNSENT_ATTACHMENT_TTL_MS,
} from '../../../shared/attachments/attachments';
import type { UploadAttachmentResponse } from '../../../shared/attachments/attachments-api';
import { cleanSingleLineText } from '../../../shared/validation/clean-text';
import { messageAttachmentsRepository, type StoredKeys } from '../../db/repositories/message-attachments.repository';
import { readSendGate } from '../../db/repositories/send-gate.repository';
import type { Database, MessageAttachmentRow } from '../../db/schema';
import { domainErrors, NOT_A_MEMBER } from '../../errors';
import type { FileStorage, StoredFile } from '../../storage/file-storage';
import type { MemberRolesService } from '../moderation/member-roles.service';
import { refusalFor } from '../moderation/bans';
import { refuseIfMuted, refuseIfTooSoon } from '../moderation/mutes';
import { ROOM_NOT_FOUND } from '../room-events/room-change';
import type { ChatRateLimits } from '../rooms/chat-rate-limits';
import { mayReadRoomFiles } from './attachment-access';
import { checkedContent } from './attachment-content';
import { toAttachmentDto } from './attachment.presenter';

export interface AttachmentsServiceDeps {
  db: Kysely<Database>;
  files: FileStorage;
  limits: Pick<ChatRateLimits, 'upload'>;
  roles: Pick<MemberRolesService, 'isModerator'>;
  logger: Pick<Logger, 'warn'>;
  now: () => number;
}

/** A file as it is served: its bytes, type and name, and whether a browser may show it in a page. */
export interface ServedFile extends StoredFile {
  type: string;
  name: string;
  inline: boolean;
}

/**
 * Files in messages: uploads to a room by members who may post in it, the bytes checked and
 * made safe (attachment-content.ts) and kept in the file storage; fetching them where the reader
 * may read the room; deleting them with their message or, unsent, after an hour.
 */
export function createAttachmentsService({ db, files, limits, roles, logger, now }: AttachmentsServiceDeps) {
  /** Refuses an upload its uploader could not send now: membership, ban, mute and slow mode, as a send. */
  async function refuseIfMayNotPost(userId: string, roomId: string): Promise<void> {
    const gate = await readSendGate(db, roomId, userId);
    if (!gate) throw domainErrors.notFound(ROOM_NOT_FOUND);
    if (gate.member_id === null) throw await refusalFor(db, roomId, userId, domainErrors.forbidden(NOT_A_MEMBER));
    refuseIfMuted(gate.muted_until, now());
    if (gate.slow_mode_seconds > 0 && !(await roles.isModerator(roomId, userId))) {
      refuseIfTooSoon(gate.slow_mode_seconds, gate.last_sent_at, now());
    }
  }

  /** Refuses an upload that would take its uploader past 50 MB in the last hour. */
  async function refuseIfOverHourlyBytes(userId: string, size: number): Promise<void> {
    const since = new Date(now() - 60 * 60 * 1000).toISOString();
    const { bytes, oldest } = await messageAttachmentsRepository(db).uploadedSince(userId, since);
    if (bytes + size <= ATTACHMENT_HOURLY_BYTES) return;
    const waitMs = oldest === null ? 60_000 : Date.parse(oldest) + 60 * 60 * 1000 - now();
    const seconds = Math.max(60, Math.ceil(waitMs / 1000));
    throw domainErrors.rateLimited(ATTACHMENT_ERRORS.hourlyLimit(Math.ceil(seconds / 60)), seconds);
  }

  /** Deletes stored bytes; a failure is logged (the row is gone, so nobody is served them). */
  async function discard(keys: readonly StoredKeys[]): Promise<void> {
    const all = keys.flatMap((k) => (k.thumbnail_key === null ? [k.storage_key] : [k.storage_key, k.thumbnail_key]));
    if (all.length === 0) return;
    try {
      await files.delete(all);
    } catch (error) {
      logger.warn({ err: error, keys: all }, 'attachment files not deleted from storage');
    }
  }

  return {
    discard,

    async upload(userId: string, roomId: string, rawName: string, bytes: Buffer): Promise<UploadAttachmentResponse> {
      const name = cleanFileName(rawName);
      await refuseIfMayNotPost(userId, roomId);
      await limits.upload(userId);
      await refuseIfOverHourlyBytes(userId, bytes.length);
      const content = await checkedContent(name, bytes);
      const id = randomUUID();
      const row: MessageAttachmentRow = {
        id,
        room_id: roomId,
        user_id: userId,
        message_id: null,
        position: 0,
        name,
        content_type: content.type,
        size: content.bytes.length,
        width: content.width,
        height: content.height,
        storage_key: `${id}/original`,
        thumbnail_key: content.thumbnail ? `${id}/thumbnail` : null,
        created_at: new Date(now()).toISOString(),
      };
      await files.put(row.storage_key, content.bytes, content.type);
      if (content.thumbnail && row.thumbnail_key) await files.put(row.thumbnail_key, content.thumbnail, 'image/webp');
      try {
        await messageAttachmentsRepository(db).insert(row);
      } catch (error) {
        await discard([row]);
        throw error;
      }
      return {
        attachment: toAttachmentDto(row),
        expires_at: new Date(Date.parse(row.created_at) + UNSENT_ATTACHMENT_TTL_MS).toISOString(),
      };
    },

    /**
     * An attachment for a reader, or undefined (404) when there is none or they may not read it:
     * a file not yet sent only for its uploader, a sent one where its room is readable to them.
     */
    async open(
      readerId: string | undefined,
      id: string,
      variant: 'original' | 'thumbnail',
    ): Promise<ServedFile | undefined> {
      const row = await messageAttachmentsRepository(db).find(id);
      if (!row) return undefined;
      const allowed =
        row.message_id === null ? row.user_id === readerId : await mayReadRoomFiles(db, row.room_id, readerId);
      if (!allowed) return undefined;
      const key = variant === 'thumbnail' ? row.thumbnail_key : row.storage_key;
      if (key === null) return undefined;
      const file = await files.get(key);
      if (!file) return undefined;
      const type = variant === 'thumbnail' ? 'image/webp' : row.content_type;
      return { ...file, type, name: row.name, inline: isImageType(type) };
    },

    /** Deletes uploads no message took within the hour; answers how many. */
    async purgeUnsent(): Promise<number> {
      const before = new Date(now() - UNSENT_ATTACHMENT_TTL_MS).toISOString();
      const gone = await messageAttachmentsRepository(db).deleteUnsentBefore(before);
      await discard(gone);
      return gone.length;
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;

/** A file name as kept and shown: one line, no folders, at most 120 characters with its extension. */
export function cleanFileName(raw: string): string {
  const base = cleanSingleLineText(raw.replace(/\s+/g, ' ')).split(/[\\/]/).pop()?.trim() ?? '';
  const name = base === '' || base === '.' || base === '..' ? 'file' : base;
  if ([...name].length <= ATTACHMENT_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return [...name].slice(0, ATTACHMENT_NAME_MAX - extension.length).join('') + extension;
}
