import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientCommand, ServerFrame } from '../../shared/realtime/protocol';
import type { MessageDto } from '../../shared/api/rooms';
import { ApiRequestError } from './http';
import { RealtimeClient, type SocketLike } from './realtime';
import { sendMessage, sendOverSocket, type SocketSender } from './realtime-send';
import type { CommandAnswer } from './realtime-types';

const message = { id: 'm1', client_id: 'c1', content: 'hi' } as MessageDto;
const sent = (clientId: string): CommandAnswer => ({
  type: 'message.sent',
  client_id: clientId,
  room_id: 'r1',
  message_id: 'm1',
  seq: 4,
  created: true,
  message,
});

/** A socket that is open or not and answers what the test says. */
function fakeSender(open = true) {
  const listeners = new Set<(answer: CommandAnswer | null) => void>();
  const commands: ClientCommand[] = [];
  const sender: SocketSender = {
    trySend: (command) => {
      if (open) commands.push(command);
      return open;
    },
    onAnswer: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const answer = (frame: CommandAnswer | null) => [...listeners].forEach((listener) => listener(frame));
  return { sender, commands, answer, listeners };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sendOverSocket', () => {
  it('resolves with the acknowledged message and stops listening', async () => {
    const { sender, commands, answer, listeners } = fakeSender();
    const pending = sendOverSocket(sender, 'r1', { client_id: 'c1', content: 'hi' });
    expect(commands).toEqual([{ type: 'message.send', room_id: 'r1', client_id: 'c1', content: 'hi' }]);
    answer(sent('c1'));
    await expect(pending).resolves.toEqual({ message });
    expect(listeners.size).toBe(0);
  });

  it('leaves to HTTP: a closed socket, a frame too big, no answer in time, a socket gone, a failure of ours', async () => {
    await expect(sendOverSocket(fakeSender(false).sender, 'r1', { client_id: 'c1', content: 'hi' })).resolves.toBe(
      undefined,
    );
    const big = fakeSender();
    await expect(sendOverSocket(big.sender, 'r1', { client_id: 'c1', content: 'é'.repeat(9000) })).resolves.toBe(
      undefined,
    );
    expect(big.commands).toEqual([]);

    vi.useFakeTimers();
    const silent = fakeSender();
    const waiting = sendOverSocket(silent.sender, 'r1', { client_id: 'c1', content: 'hi' }, 1000);
    vi.advanceTimersByTime(1000);
    await expect(waiting).resolves.toBe(undefined);
    vi.useRealTimers();

    const gone = fakeSender();
    const cut = sendOverSocket(gone.sender, 'r1', { client_id: 'c1', content: 'hi' });
    gone.answer(null);
    await expect(cut).resolves.toBe(undefined);

    const failing = fakeSender();
    const failed = sendOverSocket(failing.sender, 'r1', { client_id: 'c1', content: 'hi' });
    failing.answer({ type: 'error', code: 'internal', message: 'Something went wrong', client_id: 'c1', status: 500 });
    await expect(failed).resolves.toBe(undefined);
  });

  it('throws a refusal as the HTTP call would', async () => {
    const { sender, answer } = fakeSender();
    const refused = sendOverSocket(sender, 'r1', { client_id: 'c1', content: 'hi' });
    answer({
      type: 'error',
      code: 'forbidden',
      message: 'You are muted',
      ref_type: 'message.send',
      client_id: 'c1',
      status: 403,
      reason: 'muted',
    });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'You are muted', reason: 'muted' });
  });

  it('sendMessage posts over HTTP with the same body when the socket gives no answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { sender, answer } = fakeSender();
    const pending = sendMessage('r1', { client_id: 'c1', content: 'hi' }, { socket: sender });
    answer(null);
    await expect(pending).resolves.toEqual({ message });
    expect(fetchMock).toHaveBeenCalledWith('/api/rooms/r1/messages', expect.objectContaining({ method: 'POST' }));
  });
});

describe('RealtimeClient commands', () => {
  it('sends only while open, passes answers on and says when the socket goes', () => {
    type Fake = Omit<SocketLike, 'readyState'> & {
      readyState: number;
      sent: string[];
      receive(frame: ServerFrame): void;
      drop(): void;
    };
    let socket: Fake | undefined;
    const client = new RealtimeClient({
      url: () => 'ws://test/ws',
      createSocket: () => {
        const fake = {
          readyState: 0,
          sent: [] as string[],
          send: (data: string) => fake.sent.push(data),
          close: () => undefined,
          onopen: null as SocketLike['onopen'],
          onmessage: null as SocketLike['onmessage'],
          onclose: null as SocketLike['onclose'],
          onerror: null as SocketLike['onerror'],
          receive: (frame: ServerFrame) => fake.onmessage?.({ data: JSON.stringify(frame) }),
          drop: () => {
            fake.readyState = 3;
            fake.onclose?.({ code: 1006 });
          },
        };
        socket = fake;
        return fake;
      },
    });
    const heard: Array<CommandAnswer | null> = [];
    client.onAnswer((answer) => heard.push(answer));
    const command: ClientCommand = { type: 'message.send', room_id: 'r1', client_id: 'c1', content: 'hi' };
    expect(client.trySend(command)).toBe(false);
    client.watchUser(() => undefined);
    expect(client.trySend(command)).toBe(false);
    if (!socket) throw new Error('no socket');
    socket.readyState = 1;
    socket.onopen?.({});
    heard.length = 0;
    expect(client.trySend(command)).toBe(true);
    expect(socket.sent.map((text) => JSON.parse(text) as unknown)).toContainEqual(command);
    socket.receive(sent('c1'));
    socket.drop();
    expect(heard[0]).toEqual(sent('c1'));
    expect(heard.slice(1)).toContain(null);
    client.disconnect();
  });
});
