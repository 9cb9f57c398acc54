import {
  mentionsPageResponse,
  mentionsQuery,
  notificationLevelBody,
  notificationLevelResponse,
} from '../../../../shared/api/notifications.schemas';
import { markReadResponse, unreadSummaryResponse } from '../../../../shared/api/read-state.schemas';
import { markReadBody, roomParams } from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

const MEMBERS_ONLY = { 403: `Not an active member of the room. ${BANNED_ANSWER}`, 404: 'No such room.' } as const;

/** What the read-state routes take and answer (see route-contract.ts). */
export const readStateContracts = {
  unread: contract({
    tag: 'Read state',
    summary: "Unread counts of the caller's rooms",
    description: 'Every room the caller is an active member of.',
    signedIn: true,
    answers: { 200: unreadSummaryResponse },
  }),
  mentions: contract({
    tag: 'Read state',
    summary: "The caller's mentions",
    description:
      'Messages that mention the caller or reply to them, in the rooms they are a member of, newest first; `next_cursor` fetches the older page.',
    signedIn: true,
    querystring: mentionsQuery,
    answers: { 200: mentionsPageResponse },
    errors: { 400: 'An invalid cursor, or a limit out of range.' },
  }),
  notificationLevel: contract({
    tag: 'Read state',
    summary: 'How the caller hears about a room',
    description: "'all', 'mentions' (the default) or 'mute'; every tab and device of the caller hears of the change.",
    signedIn: true,
    params: roomParams,
    body: notificationLevelBody,
    answers: { 200: notificationLevelResponse },
    errors: { 400: 'A level other than all, mentions or mute.', ...MEMBERS_ONLY },
  }),
  markRead: contract({
    tag: 'Read state',
    summary: "Move the caller's read position in a room",
    description: 'It only moves forward: a message older than the position leaves it where it is.',
    signedIn: true,
    params: roomParams,
    body: markReadBody,
    answers: { 200: markReadResponse },
    errors: { 400: 'No message id.', 403: MEMBERS_ONLY[403], 404: 'No such room, or no such message of the room.' },
  }),
};
