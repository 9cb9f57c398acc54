import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerFrame } from '../../shared/realtime/protocol';
import { busChannels, publishOn } from '../bus/channels';
import { createMemoryBus } from '../bus/memory-bus';
import { createMemoryPresenceStore } from '../services/presence/presence-store';
import { PRESENCE_COALESCE_MS, RoomHub, type HubMember } from './room-hub';
import type { RoomSubscription } from './room-subscription';

const ROOM = 'room-1';

function member(userId: string) {
  const frames: ServerFrame[] = [];
  const hubMember: HubMember = {
    userId,
    // The hub only closes a subscription and offers it events; neither happens here.
    subscription: { close: () => undefined, offer: () => undefined } as unknown as RoomSubscription,
    sendTyping: () => undefined,
    sendPresence: (roomId, online, frame) => {
      frames.push(
        frame
          ? (JSON.parse(frame.toString()) as ServerFrame)
          : { type: 'presence', room_id: roomId, online_user_ids: online },
      );
    },
  };
  return { hubMember, frames };
}

describe('room hub presence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = () => {
    const bus = createMemoryBus();
    const presence = createMemoryPresenceStore();
    const hub = new RoomHub(bus, presence, pino({ level: 'silent' }), () => Promise.resolve(0));
    const join = async (who: ReturnType<typeof member>) => {
      await hub.attach(ROOM, who.hubMember);
      return hub.goOnline(ROOM, who.hubMember);
    };
    const settle = () => vi.advanceTimersByTimeAsync(PRESENCE_COALESCE_MS + 10);
    return { bus, presence, hub, join, settle };
  };

  it('tells members who came and went, and nothing to one whose list is already current', async () => {
    const { hub, join, settle } = setup();
    const ada = member('ada');
    const grace = member('grace');
    expect(await join(ada)).toEqual(['ada']);
    await settle();
    expect(ada.frames).toEqual([]);

    expect(await join(grace)).toEqual(['ada', 'grace']);
    await settle();
    expect(ada.frames).toEqual([{ type: 'presence.changed', room_id: ROOM, came_online: ['grace'], went_offline: [] }]);
    expect(grace.frames).toEqual([]);

    await hub.detach(ROOM, grace.hubMember);
    await settle();
    expect(ada.frames.at(-1)).toEqual({
      type: 'presence.changed',
      room_id: ROOM,
      came_online: [],
      went_offline: ['grace'],
    });
  });

  it('sends the whole list to a member given another list than the one changes are counted from', async () => {
    const { bus, presence, join, settle } = setup();
    const ada = member('ada');
    const bob = member('bob');
    await join(ada);
    await settle();
    expect(await join(bob)).toEqual(['ada', 'bob']);
    // Someone on another process comes online before this process reads the list again.
    await presence.add(ROOM, 'carol');
    await publishOn(bus, busChannels.room(ROOM), { kind: 'presence' });
    await settle();
    expect(ada.frames).toEqual([
      { type: 'presence.changed', room_id: ROOM, came_online: ['bob', 'carol'], went_offline: [] },
    ]);
    expect(bob.frames).toEqual([{ type: 'presence', room_id: ROOM, online_user_ids: ['ada', 'bob', 'carol'] }]);

    // From then on bob's list is the one changes count from.
    await presence.remove(ROOM, 'carol');
    await publishOn(bus, busChannels.room(ROOM), { kind: 'presence' });
    await settle();
    const left = { type: 'presence.changed', room_id: ROOM, came_online: [], went_offline: ['carol'] };
    expect(bob.frames.at(-1)).toEqual(left);
    expect(ada.frames.at(-1)).toEqual(left);
  });
});

describe('room hub upkeep', () => {
  it('reads the log for sockets only up to the tail seen one round before, so events on their way are not read twice', async () => {
    let tail = 5;
    const hub = new RoomHub(createMemoryBus(), createMemoryPresenceStore(), pino({ level: 'silent' }), () =>
      Promise.resolve(tail),
    );
    const catchUps: number[] = [];
    const subscription = {
      close: () => undefined,
      offer: () => undefined,
      catchUpTo: (seq: number) => catchUps.push(seq),
    } as unknown as RoomSubscription;
    const ada: HubMember = { ...member('ada').hubMember, subscription };
    await hub.attach(ROOM, ada);

    // First round: the tail (5) may hold an event whose bus message is still on its way.
    await hub.housekeeping();
    expect(catchUps).toEqual([]);
    // Next round: whatever was committed by the first is due; the newer tail waits a round.
    tail = 7;
    await hub.housekeeping();
    expect(catchUps).toEqual([5]);
    await hub.housekeeping();
    expect(catchUps).toEqual([5, 7]);

    // A room no socket here watches any more forgets its tail: watched again, it starts over.
    await hub.detach(ROOM, ada);
    await hub.housekeeping();
    await hub.attach(ROOM, ada);
    await hub.housekeeping();
    expect(catchUps).toEqual([5, 7]);
  });
});
