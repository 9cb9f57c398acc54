import type { DiscoveryFilters } from '../../../shared/api/discovery';
import { ACTIVE_MEMBER_THRESHOLD } from '../../../shared/limits';
import type { MemberCountRange } from '../../db/repositories/discovery.repository';

/** What the two chat filters (discussion status, activity level) ask of a repository's room. */
export interface ChatCriteria {
  /** Whether a repository without a room passes. */
  acceptsNoRoom: boolean;
  /** The active member counts a repository with a room must have; null = no room may pass. */
  members: MemberCountRange | null;
}

/**
 * Discussion status: with_chats = a room exists, no_chats = no room exists.
 * Activity level by ACTIVE members: no_chats = 0 (including no room), some_chats = 1-4,
 * active = 5 or more. Both filters apply together.
 */
export function chatCriteria(filters: DiscoveryFilters): ChatCriteria {
  let min = 0;
  let max: number | undefined;
  let acceptsNoRoom = true;
  let roomAllowed = true;
  switch (filters.activityLevel) {
    case 'no_chats':
      max = 0;
      break;
    case 'some_chats':
      min = 1;
      max = ACTIVE_MEMBER_THRESHOLD - 1;
      acceptsNoRoom = false;
      break;
    case 'active':
      min = ACTIVE_MEMBER_THRESHOLD;
      acceptsNoRoom = false;
      break;
    case 'all':
      break;
  }
  if (filters.hasChats === 'with_chats') acceptsNoRoom = false;
  if (filters.hasChats === 'no_chats') roomAllowed = false;
  return { acceptsNoRoom, members: roomAllowed ? (max === undefined ? { min } : { min, max }) : null };
}

export function passesChatCriteria(criteria: ChatCriteria, activeMembers: number | null): boolean {
  if (activeMembers === null) return criteria.acceptsNoRoom;
  const range = criteria.members;
  if (!range) return false;
  return activeMembers >= range.min && (range.max === undefined || activeMembers <= range.max);
}
