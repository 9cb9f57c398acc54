import {
  roomActivityBody,
  roomActivityListResponse,
  roomActivityResponse,
} from '../../../../shared/api/repo-activity.schemas';
import { roomParams } from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';
import { MODERATION_LIMIT } from '../moderation/moderation.contracts';

/** What the repository activity routes take and answer (see route-contract.ts). */
export const repoActivityContracts = {
  list: contract({
    tag: 'Rooms',
    summary: "The repository's activity in the room",
    description:
      "The room's newest activity rows (releases, merged pull requests, new issues, pushes to the default branch, as its setting chose when they happened), oldest first, and the kinds it shows now. New rows arrive as `repo.activity` room events.",
    signedIn: true,
    params: roomParams,
    answers: { 200: roomActivityListResponse },
    errors: { 404: 'No such room.' },
  }),
  set: contract({
    tag: 'Moderation',
    summary: "Choose the repository's activity the room shows (moderators)",
    description:
      'An empty list is "Off". Answers the kinds as stored (in their usual order); a `room.activity_changed` event follows.',
    signedIn: true,
    params: roomParams,
    body: roomActivityBody,
    answers: { 200: roomActivityResponse },
    errors: {
      400: 'A kind other than release, merge, issue or push.',
      403: 'Not a moderator of the room.',
      404: 'No such room.',
      429: MODERATION_LIMIT,
    },
  }),
};
