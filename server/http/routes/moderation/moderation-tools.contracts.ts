import {
  ignoredUsersResponse,
  moderationLogResponse,
  reportsCountResponse,
  reportsResponse,
} from '../../../../shared/api/moderation-tools.schemas';
import {
  messageParams,
  moderationLogQuery,
  reportBody,
  roomParams,
  userParams,
} from '../../../../shared/api/rooms.schemas';
import { contract } from '../../contract/route-contract';
import { MODERATION_LIMIT } from './moderation.contracts';
import { BANNED_ANSWER } from '../rooms/rooms.contracts';

const MODERATORS = { 403: `Not a moderator of the room. ${BANNED_ANSWER}`, 404: 'No such room.' } as const;

/** What the moderation log, report and ignore routes take and answer (see route-contract.ts). */
export const moderationToolsContracts = {
  log: contract({
    tag: 'Moderation',
    summary: "A room's moderation log (moderators)",
    description: "The room's moderation actions, newest first, paged by `next_cursor`.",
    signedIn: true,
    params: roomParams,
    querystring: moderationLogQuery,
    answers: { 200: moderationLogResponse },
    errors: { 400: 'An invalid cursor, or a limit out of range.', ...MODERATORS },
  }),
  report: contract({
    tag: 'Moderation',
    summary: "Report someone else's message",
    description: "An active member reports a message to the room's moderators; its author never learns who reported.",
    signedIn: true,
    params: messageParams,
    body: reportBody,
    answers: { 204: 'Reported.' },
    errors: {
      400: 'A reason other than spam, abuse, off_topic or other, or a note over 300 characters.',
      403: `Not an active member of the room, or one's own message ('You cannot report your own message'). ${BANNED_ANSWER}`,
      404: 'No such message, or it is deleted.',
      409: "'You have already reported this message'.",
      429: "10 reports in an hour ('Please wait {n} seconds before reporting another message').",
    },
  }),
  dismiss: contract({
    tag: 'Moderation',
    summary: "Dismiss a message's open reports (moderators)",
    description: 'No body.',
    signedIn: true,
    params: messageParams,
    answers: { 204: 'Dismissed.' },
    errors: {
      403: MODERATORS[403],
      404: "No such message, or it has none ('This message has no open reports').",
      429: MODERATION_LIMIT,
    },
  }),
  reports: contract({
    tag: 'Moderation',
    summary: "A room's open reports (moderators)",
    description: 'Grouped by message, newest first.',
    signedIn: true,
    params: roomParams,
    answers: { 200: reportsResponse },
    errors: MODERATORS,
  }),
  reportsCount: contract({
    tag: 'Moderation',
    summary: "How many of a room's messages have open reports (moderators)",
    description: "Moderators' sockets also receive `reports.changed` with the new count.",
    signedIn: true,
    params: roomParams,
    answers: { 200: reportsCountResponse },
    errors: MODERATORS,
  }),
  ignored: contract({
    tag: 'Moderation',
    summary: 'The people the caller ignores',
    description: 'Newest first. Private to the caller.',
    signedIn: true,
    answers: { 200: ignoredUsersResponse },
  }),
  ignore: contract({
    tag: 'Moderation',
    summary: 'Ignore someone',
    description:
      'No body. Their messages are collapsed for the caller and their mentions of the caller do not count as mentions.',
    signedIn: true,
    params: userParams,
    answers: { 204: 'Ignored (or was already).' },
    errors: { 400: "'You cannot ignore yourself'.", 404: "'User not found'." },
  }),
  unignore: contract({
    tag: 'Moderation',
    summary: 'Stop ignoring someone',
    description: 'No body.',
    signedIn: true,
    params: userParams,
    answers: { 204: 'No longer ignored (or was not).' },
    errors: { 404: "'User not found'." },
  }),
};
