import { isImageType, type AttachmentType } from '../../../shared/attachments/attachments';
import type { AttachmentDto } from '../../../shared/attachments/attachments-api';
import type { MessageAttachmentRow } from '../../db/schema';

/** Where attachments are served: a path of their own, no page or script of the site lives under it. */
export const FILES_PATH = '/files';

/** An attachment as messages carry it: the file's facts and where to fetch it. */
export function toAttachmentDto(row: MessageAttachmentRow): AttachmentDto {
  const image = isImageType(row.content_type);
  return {
    id: row.id,
    name: row.name,
    type: row.content_type as AttachmentType,
    size: row.size,
    ...(image && row.width !== null && row.height !== null ? { width: row.width, height: row.height } : {}),
    url: `${FILES_PATH}/${row.id}`,
    ...(image && row.thumbnail_key !== null ? { thumbnail_url: `${FILES_PATH}/${row.id}/thumbnail` } : {}),
  };
}
