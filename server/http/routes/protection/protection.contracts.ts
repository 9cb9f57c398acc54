import {
  heldMessageParams,
  heldMessagesResponse,
  protectionBody,
  protectionSettingsDto,
} from '../../../../shared/api/protection.schemas';
import { messageResponse, roomParams } from '../../../../shared/api/rooms.schemas';
import { contract, type RouteContract } from '../../contract/route-contract';
import { MODERATION_LIMIT } from '../moderation/moderation.contracts';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

const NOT_A_MODERATOR = `Not a moderator of the room. ${BANNED_ANSWER}`;
const NO_HELD = 'No such held message (or it is not yours to see).';
const DECIDED = "Approved or rejected already ('This message was already reviewed', reason `already_reviewed`).";

const protectionRoute = (spec: Omit<RouteContract, 'tag' | 'signedIn'>) =>
  contract({ tag: 'Protection', signedIn: true, ...spec });

/** What the protection routes take and answer (docs/PRODUCT.md §20). */
export const protectionContracts = {
  settings: protectionRoute({
    summary: "A room's protection settings (moderators)",
    description: 'New accounts, first messages, links from newcomers, lock.',
    params: roomParams,
    answers: { 200: protectionSettingsDto },
    errors: { 403: NOT_A_MODERATOR, 404: 'No such room.' },
  }),
  setSettings: protectionRoute({
    summary: "Set a room's protection (moderators)",
    description:
      'Every setting at once. A change of `locked` is a `room.lock_changed` event; each change is a line of the moderation log.',
    params: roomParams,
    body: protectionBody,
    answers: { 200: protectionSettingsDto },
    errors: { 400: 'A value out of its list.', 403: NOT_A_MODERATOR, 404: 'No such room.', 429: MODERATION_LIMIT },
  }),
  held: protectionRoute({
    summary: 'Messages held for approval',
    description:
      "A moderator of the room gets every message waiting for approval; anyone else their own, waiting or rejected in the last day. Nobody else's held message is ever listed.",
    params: roomParams,
    answers: { 200: heldMessagesResponse },
    errors: { 404: 'No such room.' },
  }),
  approve: protectionRoute({
    summary: 'Approve a held message (moderators)',
    description:
      'Publishes it with the id and time it was written with: a `message.created` event places it in the room.',
    params: heldMessageParams,
    answers: { 200: messageResponse },
    errors: { 403: NOT_A_MODERATOR, 404: NO_HELD, 409: DECIDED, 429: MODERATION_LIMIT },
  }),
  reject: protectionRoute({
    summary: 'Reject a held message (moderators)',
    description: 'Its author sees it as "Not approved"; nobody else ever saw it.',
    params: heldMessageParams,
    answers: { 204: 'Rejected.' },
    errors: { 403: NOT_A_MODERATOR, 404: NO_HELD, 409: DECIDED, 429: MODERATION_LIMIT },
  }),
};
