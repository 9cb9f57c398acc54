import { roomStateQuery, roomStateResponse } from '../../../../shared/api/room-state.schemas';
import { roomParams } from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';

/** What the room snapshot route takes and answers (see route-contract.ts). */
export const roomStateContracts = {
  state: contract({
    tag: 'Rooms',
    summary: 'Everything a room shows, at one sequence number',
    description:
      "The room's details, topic and slow mode, its members and who is online, its pins, a page of messages (around `around`, else around the caller's first unread message, else the newest) and the caller's own standing (role, mute, notification level, read position; the bans for moderators), read from one state of the database together with the room's `last_seq`. Subscribe with `after_seq = last_seq`: every event after it is a change to this answer. Anyone may read it: for a visitor or a signed-in non-member `viewer` is null, `members` and `online_user_ids` are empty; visitors are limited per IP.",
    params: roomParams,
    querystring: roomStateQuery,
    answers: { 200: roomStateResponse },
    errors: {
      400: 'A limit out of range.',
      403: "Banned from the room ('You are banned from this room').",
      429: 'A visitor reading too often from one address.',
      404: 'No such room.',
    },
  }),
};
