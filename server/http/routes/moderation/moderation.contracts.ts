import {
  banBody,
  bansResponse,
  memberParams,
  messageParams,
  muteBody,
  muteResponse,
  pinsResponse,
  roomParams,
  slowModeBody,
  slowModeResponse,
  topicBody,
  topicResponse,
} from '../../../../shared/api/rooms.schemas';
import { contract, type RouteContract } from '../../contract/route-contract';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

const NOT_A_MODERATOR = `Not a moderator of the room. ${BANNED_ANSWER}`;
const PROTECTED =
  "Not a moderator of the room, or the person is a moderator too ('Moderators cannot do that to another moderator').";
const NO_ROOM = 'No such room.';
export const MODERATION_LIMIT =
  "30 moderation actions in a minute, over every room ('Please wait {n} seconds before another moderation action').";

/** A route of the moderation section for signed-in callers. */
const moderatorsOnly = (spec: Omit<RouteContract, 'tag' | 'signedIn'>) =>
  contract({ tag: 'Moderation', signedIn: true, ...spec });

/** What the moderation routes take and answer (see route-contract.ts). */
export const moderationContracts = {
  pins: contract({
    tag: 'Moderation',
    summary: "A room's pinned messages",
    description: 'Newest pin first; a deleted message drops out. Any signed-in user but someone banned from the room.',
    signedIn: true,
    params: roomParams,
    answers: { 200: pinsResponse },
    errors: { 403: BANNED_ANSWER, 404: NO_ROOM },
  }),
  pin: moderatorsOnly({
    summary: 'Pin a message (moderators)',
    description: 'No body. A `message.pinned` event tells the room.',
    params: messageParams,
    answers: { 204: 'Pinned (or was already).' },
    errors: {
      403: NOT_A_MODERATOR,
      404: 'No such message.',
      409: "The room has 50 pinned messages already ('A room can have at most 50 pinned messages').",
      429: MODERATION_LIMIT,
    },
  }),
  unpin: moderatorsOnly({
    summary: 'Unpin a message (moderators)',
    description: 'No body. A `message.unpinned` event tells the room.',
    params: messageParams,
    answers: { 204: 'Unpinned (or was not pinned).' },
    errors: { 403: NOT_A_MODERATOR, 404: 'No such message.', 429: MODERATION_LIMIT },
  }),
  mute: moderatorsOnly({
    summary: 'Mute a member (moderators)',
    description:
      "Until then the member's posts, reactions and edits in the room answer 403 'You are muted in this room' (reason `muted`).",
    params: roomParams,
    body: muteBody,
    answers: { 200: muteResponse },
    errors: {
      400: 'A duration other than 10m, 1h or 24h.',
      403: PROTECTED,
      404: `${NO_ROOM} Or the person is not a member ('That person is not a member of this room').`,
      429: MODERATION_LIMIT,
    },
  }),
  unmute: moderatorsOnly({
    summary: 'Lift a mute (moderators)',
    description: 'No body.',
    params: memberParams,
    answers: { 204: 'No longer muted.' },
    errors: { 403: NOT_A_MODERATOR, 404: `${NO_ROOM} Or the person is not a member.`, 429: MODERATION_LIMIT },
  }),
  slowMode: moderatorsOnly({
    summary: 'Set slow mode (moderators)',
    description:
      "While it is on, a member's message sooner than that after their previous one answers 429 ('Slow mode is on: please wait {n} seconds before sending another message'). Moderators are exempt.",
    params: roomParams,
    body: slowModeBody,
    answers: { 200: slowModeResponse },
    errors: {
      400: 'Seconds other than 0, 10, 30, 60 or 300.',
      403: NOT_A_MODERATOR,
      404: NO_ROOM,
      429: MODERATION_LIMIT,
    },
  }),
  topic: moderatorsOnly({
    summary: "Set the room's topic (moderators)",
    description: "One line: line breaks become spaces, at most 200 characters; '' clears it.",
    params: roomParams,
    body: topicBody,
    answers: { 200: topicResponse },
    errors: { 400: 'Over 200 characters.', 403: NOT_A_MODERATOR, 404: NO_ROOM, 429: MODERATION_LIMIT },
  }),
  bans: moderatorsOnly({
    summary: "A room's banned people (moderators)",
    params: roomParams,
    answers: { 200: bansResponse },
    errors: { 403: NOT_A_MODERATOR, 404: NO_ROOM },
  }),
  ban: moderatorsOnly({
    summary: 'Ban someone from the room (moderators)',
    description:
      "Someone who has been a member: their membership ends (`member.banned`, then `member.left`) and joining again answers 403 'You are banned from this room'.",
    params: roomParams,
    body: banBody,
    answers: { 204: 'Banned.' },
    errors: {
      403: PROTECTED,
      404: `${NO_ROOM} Or the person has never been a member.`,
      429: MODERATION_LIMIT,
    },
  }),
  unban: moderatorsOnly({
    summary: 'Lift a ban (moderators)',
    description: 'No body. They may join again.',
    params: memberParams,
    answers: { 204: 'No longer banned.' },
    errors: { 403: NOT_A_MODERATOR, 404: `${NO_ROOM} Or the person is not banned.`, 429: MODERATION_LIMIT },
  }),
};
