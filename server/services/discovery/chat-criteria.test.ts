import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type DiscoveryFilters } from '../../../shared/api/discovery';
import { chatCriteria, passesChatCriteria } from './chat-criteria';

const passes = (filters: Partial<DiscoveryFilters>, members: number | null) =>
  passesChatCriteria(chatCriteria({ ...DEFAULT_FILTERS, ...filters }), members);

describe('chat criteria', () => {
  it('lets everything through by default', () => {
    expect([null, 0, 3, 50].map((m) => passes({}, m))).toEqual([true, true, true, true]);
  });

  it('discussion status: with_chats needs a room, no_chats needs none', () => {
    expect([null, 0, 7].map((m) => passes({ hasChats: 'with_chats' }, m))).toEqual([false, true, true]);
    expect([null, 0, 7].map((m) => passes({ hasChats: 'no_chats' }, m))).toEqual([true, false, false]);
  });

  it('activity levels by active members: 0, 1-4, 5+', () => {
    expect([null, 0, 1, 4, 5].map((m) => passes({ activityLevel: 'no_chats' }, m))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([null, 0, 1, 4, 5].map((m) => passes({ activityLevel: 'some_chats' }, m))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
    expect([null, 0, 1, 4, 5, 90].map((m) => passes({ activityLevel: 'active' }, m))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('combines both filters', () => {
    expect([null, 0, 2].map((m) => passes({ hasChats: 'with_chats', activityLevel: 'no_chats' }, m))).toEqual([
      false,
      true,
      false,
    ]);
    expect(chatCriteria({ ...DEFAULT_FILTERS, hasChats: 'no_chats', activityLevel: 'active' })).toEqual({
      acceptsNoRoom: false,
      members: null,
    });
  });
});
