import { roomParams } from '../../../../shared/api/rooms.schemas';
import { uploadAttachmentQuery, uploadAttachmentResponse } from '../../../../shared/attachments/attachments.schemas';
import { contract } from '../../contract/route-contract';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

/** What the upload route takes and answers (see route-contract.ts). */
export const attachmentsContracts = {
  upload: contract({
    tag: 'Messages',
    summary: 'Upload a file to send with a message',
    description:
      "The body is the file's bytes (`Content-Type: application/octet-stream`, at most 10 MB), `name` its file name. The server decides the type from the bytes: PNG, JPEG, GIF and WebP images (decoded and encoded again without their metadata, at most 4096 pixels a side, with a 512-pixel thumbnail), PDF, plain text, JSON and zip. Send the answer's `attachment.id` in `attachment_ids` of a message within the hour, or the upload is deleted. The file is served at `/files/{id}` (`/files/{id}/thumbnail` for an image's thumbnail) to those who may read its room.",
    signedIn: true,
    params: roomParams,
    querystring: uploadAttachmentQuery,
    answers: { 201: { body: uploadAttachmentResponse, description: 'Stored; not yet in a message.' } },
    errors: {
      400: "An empty file, a file over 10 MB ('{file} is larger than 10 MB'), a type that is not accepted, an image that cannot be read.",
      403: `Not an active member of the room, or muted in it. ${BANNED_ANSWER}`,
      404: 'No such room.',
      429: 'Too many uploads in a minute, 50 MB in the last hour, or slow mode is on.',
    },
  }),
};
