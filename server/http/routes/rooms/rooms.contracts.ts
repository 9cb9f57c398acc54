import {
  joinRoomBody,
  joinRoomResponse,
  membersResponse,
  myRoomsQuery,
  myRoomsResponse,
  roomActivityQuery,
  roomActivityResponse,
  roomDetailsResponse,
  roomParams,
} from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';

const NO_ROOM = 'No such room.';
/** A banned person writes nothing to the room and reads nothing of it. */
export const BANNED_ANSWER = 'Banned from this room (\'You are banned from this room\', `reason: "banned"`).';
const JOIN_LIMIT = "5 joins of new rooms in an hour ('Please wait {n} seconds before joining another room').";

/** What the room routes take and answer (see route-contract.ts). */
export const roomsContracts = {
  joinByName: contract({
    tag: 'Rooms',
    summary: "Join a repository's room",
    description:
      "Creates the room when the repository has none yet, after GitHub confirms the repository exists (the room takes GitHub's spelling of the name). Joining a room one is already an active member of changes nothing and is not counted.",
    signedIn: true,
    body: joinRoomBody,
    answers: { 200: joinRoomResponse },
    errors: {
      400: 'The repository is not written as owner/name.',
      403: BANNED_ANSWER,
      404: "'Repository not found on GitHub'.",
      429: JOIN_LIMIT,
      503: 'GitHub cannot answer.',
    },
  }),
  joinById: contract({
    tag: 'Rooms',
    summary: 'Join a room',
    signedIn: true,
    params: roomParams,
    answers: { 200: joinRoomResponse },
    errors: { 403: BANNED_ANSWER, 404: NO_ROOM, 429: JOIN_LIMIT },
  }),
  leave: contract({
    tag: 'Rooms',
    summary: 'Leave a room',
    description: "The caller's sockets stop receiving the room after their own `member.left` event.",
    signedIn: true,
    params: roomParams,
    answers: { 204: 'Left the room (or was not in it).' },
    errors: { 404: NO_ROOM },
  }),
  activity: contract({
    tag: 'Rooms',
    summary: 'The rooms of some repositories',
    description: 'Active member counts of the rooms of up to 100 repositories, for the cards of the home page. Public.',
    querystring: roomActivityQuery,
    answers: { 200: roomActivityResponse },
    errors: { 400: 'A name that is not owner/name, or more than 100.' },
  }),
  details: contract({
    tag: 'Rooms',
    summary: "A room, with the caller's membership",
    description: 'Anyone may read it; `membership` is null for a visitor or someone who never joined.',
    params: roomParams,
    answers: { 200: roomDetailsResponse },
    errors: { 403: 'Banned from the room.', 404: NO_ROOM, 429: 'A visitor reading too often from one address.' },
  }),
  members: contract({
    tag: 'Rooms',
    summary: "A room's active members",
    description: 'Newest join first.',
    signedIn: true,
    params: roomParams,
    answers: { 200: membersResponse },
    errors: { 403: BANNED_ANSWER, 404: NO_ROOM },
  }),
  mine: contract({
    tag: 'Rooms',
    summary: "The caller's rooms",
    description: "The rooms the caller is an active member of, newest join first (the sidebar, 'Continue your chats').",
    signedIn: true,
    querystring: myRoomsQuery,
    answers: { 200: myRoomsResponse },
    errors: { 400: 'A limit out of range.' },
  }),
};
