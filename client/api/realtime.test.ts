import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PROTOCOL_VERSION, type ClientCommand, type RoomEvent, type ServerFrame } from '../../shared/realtime/protocol';
import type { MessageDto } from '../../shared/api/rooms';
import {
  RealtimeClient,
  type RealtimeClientOptions,
  type RoomHandlers,
  type SocketLike,
  type UserFrame,
} from './realtime';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: ClientCommand[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientCommand);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  sentOf<T extends ClientCommand['type']>(type: T) {
    return this.sent.filter((command) => command.type === type);
  }
}

const ROOM = 'room-1';
const deleted = (id: string): RoomEvent => ({ type: 'message.deleted', message_id: id });
const event = (seq: number): ServerFrame => ({ type: 'room.event', room_id: ROOM, seq, event: deleted(`m${seq}`) });

function setup(handlers: Partial<RoomHandlers> = {}, options: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  let clock = 1_000_000;
  const client = new RealtimeClient({
    url: () => 'ws://test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    now: () => clock,
    pingIntervalMs: 25_000,
    pongTimeoutMs: 10_000,
    replayRetryMs: 5_000,
    ...options,
  });
  const applied: number[] = [];
  const onResync = vi.fn(handlers.onResync ?? (async () => 0));
  const stop = client.subscribe(ROOM, 3, {
    onEvent: (_event, seq) => applied.push(seq),
    onResync,
    ...(handlers.onPresence ? { onPresence: handlers.onPresence } : {}),
    ...(handlers.onTyping ? { onTyping: handlers.onTyping } : {}),
  });
  const socket = () => sockets[sockets.length - 1]!;
  return {
    client,
    sockets,
    socket,
    applied,
    onResync,
    stop,
    advanceClock: (ms: number) => (clock += ms),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('subscribes with the last applied sequence once the socket opens', () => {
    const t = setup();
    t.socket().open();
    expect(t.socket().sentOf('room.subscribe')).toEqual([{ type: 'room.subscribe', room_id: ROOM, after_seq: 3 }]);
    expect(t.client.getStatus()).toBe('open');
  });

  it('applies events in order and drops duplicates', () => {
    const t = setup();
    t.socket().open();
    for (const seq of [4, 5, 5, 3, 6, 4]) t.socket().receive(event(seq));
    expect(t.applied).toEqual([4, 5, 6]);
    expect(t.client.lastSeq(ROOM)).toBe(6);
    expect(t.socket().sentOf('room.replay')).toEqual([]);
  });

  it('asks for a replay once per gap, holds later events and applies everything in order', () => {
    const t = setup();
    t.socket().open();
    t.socket().receive(event(6));
    t.socket().receive(event(7));
    expect(t.applied).toEqual([]);
    expect(t.socket().sentOf('room.replay')).toEqual([{ type: 'room.replay', room_id: ROOM, after_seq: 3 }]);
    // The replay, overlapping what is held back.
    for (const seq of [4, 5, 6, 7, 8]) t.socket().receive(event(seq));
    expect(t.applied).toEqual([4, 5, 6, 7, 8]);
    expect(t.socket().sentOf('room.replay')).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(t.socket().sentOf('room.replay')).toHaveLength(1);
  });

  it('subscribes again after the last applied event when a replay does not fill the gap', () => {
    const t = setup();
    t.socket().open();
    const ping = t.socket().sentOf('ping')[0];
    t.socket().receive({ type: 'pong', ref: ping?.type === 'ping' ? ping.ref : undefined, server_time: 0 });
    t.socket().receive(event(5));
    expect(t.socket().sentOf('room.replay')).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(t.socket().sentOf('room.subscribe')).toEqual([
      { type: 'room.subscribe', room_id: ROOM, after_seq: 3 },
      { type: 'room.subscribe', room_id: ROOM, after_seq: 3 },
    ]);
    for (const seq of [4, 5]) t.socket().receive(event(seq));
    expect(t.applied).toEqual([4, 5]);
    vi.advanceTimersByTime(20_000);
    expect(t.socket().sentOf('room.subscribe')).toHaveLength(2);
  });

  it('subscribes again when room.subscribed reports newer events that never come', () => {
    const t = setup();
    t.socket().open();
    t.socket().receive({ type: 'room.subscribed', room_id: ROOM, last_seq: 5, online_user_ids: [] });
    expect(t.socket().sentOf('room.replay')).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(t.socket().sentOf('room.subscribe').at(-1)).toEqual({ type: 'room.subscribe', room_id: ROOM, after_seq: 3 });
    expect(t.socket().sentOf('room.subscribe')).toHaveLength(2);
  });

  it('does not ask when the subscription replay arrives', () => {
    const t = setup();
    t.socket().open();
    t.socket().receive({ type: 'room.subscribed', room_id: ROOM, last_seq: 5, online_user_ids: [] });
    t.socket().receive(event(4));
    t.socket().receive(event(5));
    vi.advanceTimersByTime(20_000);
    expect(t.socket().sentOf('room.replay')).toEqual([]);
    expect(t.applied).toEqual([4, 5]);
  });

  it('reconnects with backoff and resubscribes after the last applied sequence', () => {
    const t = setup();
    t.socket().open();
    t.socket().receive(event(4));
    t.socket().drop();
    expect(t.client.getStatus()).toBe('connecting');
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(t.sockets).toHaveLength(2);
    t.socket().open();
    expect(t.socket().sentOf('room.subscribe')).toEqual([{ type: 'room.subscribe', room_id: ROOM, after_seq: 4 }]);
    // The replay after the reconnect, including one already applied.
    for (const seq of [4, 5]) t.socket().receive(event(seq));
    expect(t.applied).toEqual([4, 5]);
  });

  it('does not reconnect when the server ends the session', () => {
    const t = setup();
    t.socket().open();
    t.socket().drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.client.getStatus()).toBe('closed');
  });

  it('after a policy close waits long before reconnecting, and longer after each one in a row', () => {
    const t = setup();
    t.socket().open();
    t.socket().drop(1008);
    // An ordinary drop reconnects within half a second; a policy close waits at least 15 s.
    vi.advanceTimersByTime(14_999);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(15_001);
    expect(t.sockets).toHaveLength(2);
    // Refused again right after opening (e.g. too many sockets): the next wait is at least 30 s.
    t.socket().open();
    t.socket().drop(1008);
    vi.advanceTimersByTime(29_999);
    expect(t.sockets).toHaveLength(2);
    vi.advanceTimersByTime(30_001);
    expect(t.sockets).toHaveLength(3);
    t.socket().open();
    expect(t.socket().sentOf('room.subscribe')).toEqual([{ type: 'room.subscribe', room_id: ROOM, after_seq: 3 }]);
  });

  it('forgets earlier policy closes once a connection has lasted', () => {
    const t = setup();
    t.socket().open();
    t.socket().drop(1008);
    vi.advanceTimersByTime(30_000);
    t.socket().open();
    t.advanceClock(3 * 60_000);
    t.socket().drop();
    vi.advanceTimersByTime(1_000);
    expect(t.sockets).toHaveLength(3);
    t.socket().open();
    t.socket().drop(1008);
    // Back to the first step (15–30 s), not the second (30–60 s).
    vi.advanceTimersByTime(30_000);
    expect(t.sockets).toHaveLength(4);
  });

  it('on room.resync refetches through the handler, then subscribes after the new sequence', async () => {
    const t = setup({ onResync: async () => 900 });
    t.socket().open();
    t.socket().receive({ type: 'room.resync', room_id: ROOM, last_seq: 890 });
    t.socket().receive(event(4)); // ignored while the refetch runs
    await vi.waitFor(() => expect(t.socket().sentOf('room.subscribe')).toHaveLength(2));
    expect(t.onResync).toHaveBeenCalledTimes(1);
    expect(t.socket().sentOf('room.subscribe')[1]).toEqual({ type: 'room.subscribe', room_id: ROOM, after_seq: 900 });
    t.socket().receive(event(900));
    t.socket().receive(event(901));
    expect(t.applied).toEqual([901]);
  });

  it('pings to keep the connection alive and replaces a socket that stops answering', () => {
    const t = setup();
    t.socket().open();
    expect(t.socket().sentOf('ping')).toHaveLength(1);
    const first = t.socket();
    vi.advanceTimersByTime(10_000);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(t.sockets).toHaveLength(2);
  });

  it('estimates the server clock from pong and reports typing age with it', () => {
    const onTyping = vi.fn();
    const t = setup({ onTyping });
    t.socket().open();
    const ping = t.socket().sentOf('ping')[0];
    const ref = ping?.type === 'ping' ? ping.ref : undefined;
    t.advanceClock(100);
    // Server clock runs 5 s ahead: it answered at local 1_000_050 → server 1_005_050.
    t.socket().receive({ type: 'pong', ref, server_time: 1_005_050 });
    t.socket().receive({ type: 'typing', room_id: ROOM, user_id: 'u2', sent_at: 1_005_100 - 3_000 });
    expect(onTyping).toHaveBeenCalledWith('u2', 3_000);
  });

  it('treats typing as fresh before any clock measurement', () => {
    const onTyping = vi.fn();
    const t = setup({ onTyping });
    t.socket().open();
    t.socket().receive({ type: 'typing', room_id: ROOM, user_id: 'u2', sent_at: 1 });
    expect(onTyping).toHaveBeenCalledWith('u2', 0);
  });

  it('forwards presence and stops everything on unsubscribe', () => {
    const onPresence = vi.fn();
    const t = setup({ onPresence });
    t.socket().open();
    t.socket().receive({ type: 'presence', room_id: ROOM, online_user_ids: ['a', 'b'] });
    expect(onPresence).toHaveBeenLastCalledWith(['a', 'b']);
    // A change applies to the list as the last frames left it.
    t.socket().receive({ type: 'presence.changed', room_id: ROOM, came_online: ['c', 'a'], went_offline: ['b'] });
    expect(onPresence).toHaveBeenLastCalledWith(['a', 'c']);
    t.socket().receive({ type: 'room.subscribed', room_id: ROOM, last_seq: 0, online_user_ids: ['d'] });
    t.socket().receive({ type: 'presence.changed', room_id: ROOM, came_online: ['e'], went_offline: ['a'] });
    expect(onPresence).toHaveBeenLastCalledWith(['d', 'e']);
    const socket = t.socket();
    t.stop();
    expect(socket.sentOf('room.unsubscribe')).toEqual([{ type: 'room.unsubscribe', room_id: ROOM }]);
    expect(socket.closed).toBe(true);
    socket.receive(event(4));
    expect(t.applied).toEqual([]);
  });

  it('warns once and offers a reload when the server speaks another protocol version', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onProtocolMismatch = vi.fn();
    try {
      const t = setup({}, { onProtocolMismatch });
      t.socket().open();
      t.socket().receive({ type: 'hello', user_id: 'u1', protocol: PROTOCOL_VERSION });
      expect(onProtocolMismatch).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();

      t.socket().receive({ type: 'hello', user_id: 'u1', protocol: PROTOCOL_VERSION + 1 });
      expect(onProtocolMismatch).toHaveBeenCalledExactlyOnceWith(PROTOCOL_VERSION + 1);
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toContain('protocol mismatch');

      // A reconnect to the same server does not ask again; events still arrive meanwhile.
      t.socket().drop();
      vi.advanceTimersByTime(1_000);
      t.socket().open();
      t.socket().receive({ type: 'hello', user_id: 'u1', protocol: PROTOCOL_VERSION + 1 });
      t.socket().receive(event(4));
      expect(onProtocolMismatch).toHaveBeenCalledOnce();
      expect(t.applied).toEqual([4]);
    } finally {
      warn.mockRestore();
    }
  });

  it('ignores frames that are not JSON', () => {
    const t = setup();
    t.socket().open();
    t.socket().onmessage?.({ data: 'not json' });
    t.socket().receive(event(4));
    expect(t.applied).toEqual([4]);
  });

  it('announces each new message once to user listeners, from its event or from a mention', () => {
    const t = setup();
    const heard: UserFrame[] = [];
    t.client.watchUser((frame) => heard.push(frame));
    t.socket().open();
    const created = (seq: number, id: string): ServerFrame => ({
      type: 'room.event',
      room_id: ROOM,
      seq,
      event: {
        type: 'message.created',
        message: {
          id,
          room_id: ROOM,
          user_id: 'grace',
          content: '  \nfirst   words\nmore',
          author: { id: 'grace', username: 'grace', display_name: null, avatar_url: null },
        } as MessageDto,
      },
    });
    const activity = (id: string, mentionsYou: boolean): Extract<ServerFrame, { type: 'room.activity' }> => ({
      type: 'room.activity',
      room_id: ROOM,
      message_id: id,
      author_id: 'grace',
      mentions_you: mentionsYou,
      kind: 'created',
      author_name: 'Grace',
      excerpt: 'first words',
    });

    // A plain message: its event stands for the activity the server no longer sends this socket.
    t.socket().receive(created(4, 'a'));
    expect(heard).toEqual([
      {
        type: 'room.activity',
        room_id: ROOM,
        message_id: 'a',
        author_id: 'grace',
        mentions_you: false,
        kind: 'created',
        author_name: 'grace',
        excerpt: 'first words',
      },
    ]);
    // A mention: the server's activity follows the event and is passed on (it names the mention),
    // once; an event after its activity adds nothing.
    t.socket().receive(created(5, 'b'));
    t.socket().receive(activity('b', true));
    t.socket().receive(activity('b', true));
    t.socket().receive(activity('c', true));
    t.socket().receive(created(6, 'c'));
    expect(
      heard.map((frame) => [
        frame.type === 'room.activity' && frame.message_id,
        frame.type === 'room.activity' && frame.mentions_you,
      ]),
    ).toEqual([
      ['a', false],
      ['b', false],
      ['b', true],
      ['c', true],
    ]);
    // Other events announce nothing; deletions come as activity frames, every one passed on.
    t.socket().receive(event(7));
    t.socket().receive({ ...activity('a', false), kind: 'deleted' });
    expect(heard).toHaveLength(5);
    expect(t.applied).toEqual([4, 5, 6, 7]);

    // A reply shown in its thread only is no room activity; its followers' frame is passed on.
    const reply = created(8, 'd');
    if (reply.type === 'room.event' && reply.event.type === 'message.created') {
      reply.event.message.thread_root_id = 'a';
    }
    t.socket().receive(reply);
    expect(heard).toHaveLength(5);
    const followed: ServerFrame = {
      type: 'thread.activity',
      room_id: ROOM,
      root_id: 'a',
      message_id: 'd',
      author_id: 'grace',
      mentions_you: false,
      author_name: 'Grace',
      excerpt: 'first words',
    };
    t.socket().receive(followed);
    expect(heard.at(-1)).toEqual(followed);
    expect(t.applied).toEqual([4, 5, 6, 7, 8]);
  });
});
