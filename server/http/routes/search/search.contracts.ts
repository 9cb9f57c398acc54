import { searchMessagesQuery, searchMessagesResponse } from '../../../../shared/api/search.schemas';
import { contract } from '../../contract/route-contract';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

/** What the message search takes and answers (see route-contract.ts). */
export const searchContracts = {
  messages: contract({
    tag: 'Search',
    summary: 'Search messages',
    description:
      "In one room (`room_id`, a room the caller is a member of) or in all of the caller's rooms; newest first, paged by `next_before`. Words match their beginnings. Only the rooms searched are read; a search stops at its time budget (250 ms) and answers what it found with `incomplete: true`.",
    signedIn: true,
    querystring: searchMessagesQuery,
    answers: { 200: searchMessagesResponse },
    errors: {
      400: 'Nothing to search for, a search over 200 characters, or an invalid cursor.',
      403: `Not an active member of the room. ${BANNED_ANSWER}`,
      404: 'No such room.',
      429: 'More than 20 searches in a minute: "Please wait {n} seconds before searching again".',
    },
  }),
};
