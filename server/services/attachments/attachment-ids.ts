import { ATTACHMENT_ERRORS, ATTACHMENTS_PER_MESSAGE } from '../../../shared/attachments/attachments';
import { isUuid } from '../../../shared/text';
import { domainErrors } from '../../errors';

/** The attachment ids of a send: at most five, each an id the server could have made, none twice. */
export function checkedAttachmentIds(ids: readonly string[] | undefined): string[] {
  if (ids === undefined || ids.length === 0) return [];
  const unique = [...new Set(ids)];
  if (unique.length > ATTACHMENTS_PER_MESSAGE) throw domainErrors.invalid(ATTACHMENT_ERRORS.tooMany);
  if (!unique.every(isUuid)) throw domainErrors.invalid(ATTACHMENT_ERRORS.notUsable);
  return unique;
}
