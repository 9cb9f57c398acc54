import {
  editMessageBody,
  messagePageQuery,
  messageParams,
  messageResponse,
  messagesPageResponse,
  reactionBody,
  roomParams,
  sendMessageBody,
  toggleReactionResponse,
} from '../../../../shared/api/rooms.schemas';
import { heldMessageResponse } from '../../../../shared/api/protection.schemas';
import { contract } from '../../contract/route-contract';
import { MODERATION_LIMIT } from '../moderation/moderation.contracts';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

const NO_MESSAGE = 'No such message.';
const NOT_A_MEMBER = `Not an active member of the room, or muted in it (\`reason: "muted"\`). ${BANNED_ANSWER}`;

/** What the message routes take and answer (see route-contract.ts). */
export const messagesContracts = {
  page: contract({
    tag: 'Messages',
    summary: "A page of a room's messages",
    description:
      "At most one of: nothing (the newest page), `before` (older, from `next_cursor`), `after` (newer, from `newer_cursor`), `around` (a page with that message in the middle: a linked or the first unread message). Messages are oldest first within the page; a deleted message keeps its place as a tombstone. Anyone may read (visitors are limited per IP) except the room's banned.",
    params: roomParams,
    querystring: messagePageQuery,
    answers: { 200: messagesPageResponse },
    errors: {
      429: 'A visitor reading too often from one address.',
      400: 'More than one of before, after and around; an invalid cursor; a limit out of range.',
      403: BANNED_ANSWER,
      404: 'No such room, or no such message of the room for `around`.',
    },
  }),
  send: contract({
    tag: 'Messages',
    summary: 'Send a message',
    description:
      '`client_id` makes a retry safe: a second send with the same one answers the message already sent (200). `reply_to_id` answers an earlier message of the room. GitHub references in the text are resolved a moment later (a `message.references` event).',
    signedIn: true,
    params: roomParams,
    body: sendMessageBody,
    answers: {
      201: { body: messageResponse, description: 'Sent.' },
      200: { body: messageResponse, description: 'Sent before with this `client_id`: the message as it was sent.' },
      202: {
        body: heldMessageResponse,
        description:
          'Held for the room\'s moderators (a newcomer\'s first messages or link, or the same text in a third room): shown to its author as "Waiting for approval", published in its place when approved.',
      },
    },
    errors: {
      400: 'Empty, too long or repetitive text; a reply to a message that is not in the room or was deleted.',
      403: `${NOT_A_MEMBER}; "This room is locked" (reason \`room_locked\`); the GitHub account is younger than the room's "New GitHub accounts can post after" (reason \`account_too_new\`, the message says from when it may post).`,
      404: 'No such room.',
      409: 'The message could not be saved; retrying with the same `client_id` is safe.',
      429: 'Too many messages in a minute, or slow mode is on (the message says how long to wait).',
    },
  }),
  edit: contract({
    tag: 'Messages',
    summary: 'Edit one of your messages',
    description: 'A blank edit is ignored: the message is answered unchanged.',
    signedIn: true,
    params: messageParams,
    body: editMessageBody,
    answers: { 200: messageResponse },
    errors: {
      400: 'Too long or repetitive text.',
      403: `Someone else's message ('You can only edit your own messages'), or muted in the room. ${BANNED_ANSWER}`,
      404: NO_MESSAGE,
      429: "10 edits in a minute ('Please wait {n} seconds before editing another message').",
    },
  }),
  delete: contract({
    tag: 'Messages',
    summary: 'Delete one of your messages',
    description: "No body. It stays in the history as a tombstone ('This message was deleted'), its text gone.",
    signedIn: true,
    params: messageParams,
    answers: { 204: 'Deleted.' },
    errors: {
      403: `Someone else's message ('You can only delete your own messages'). ${BANNED_ANSWER}`,
      404: NO_MESSAGE,
    },
  }),
  remove: contract({
    tag: 'Moderation',
    summary: "Remove anyone's message (moderators)",
    description:
      "No body. Its text is gone from storage and replays; everyone sees 'Message removed by a moderator', and its open reports are resolved.",
    signedIn: true,
    params: messageParams,
    answers: { 204: 'Removed.' },
    errors: {
      403: `Not a moderator of the room. ${BANNED_ANSWER}`,
      404: 'No such message, or it is already deleted.',
      429: MODERATION_LIMIT,
    },
  }),
  react: contract({
    tag: 'Messages',
    summary: 'Add or take back a reaction',
    description: "Toggles the caller's reaction with that emoji (one of the palette's).",
    signedIn: true,
    params: messageParams,
    body: reactionBody,
    answers: { 200: toggleReactionResponse },
    errors: {
      400: 'An emoji the palette does not offer.',
      403: NOT_A_MEMBER,
      404: NO_MESSAGE,
      429: "30 toggles in a minute ('Please wait {n} seconds before reacting again').",
    },
  }),
};
