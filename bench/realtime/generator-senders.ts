import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';

/** The status the HTTP route would answer for what a `message.send` got back, and its client id. */
function answerOf(text: string): { clientId: string; status: number } | undefined {
  if (!text.startsWith('{"type":"message.') && !text.startsWith('{"type":"error"')) return undefined;
  const frame = JSON.parse(text) as { type: string; created?: boolean; status?: number; client_id?: string };
  if (!frame.client_id) return undefined;
  const status =
    frame.type === 'message.sent' ? (frame.created === false ? 200 : 201) : frame.type === 'message.held' ? 202 : 0;
  return { clientId: frame.client_id, status: frame.type === 'error' ? (frame.status ?? 0) : status };
}

interface Sender {
  socket: Promise<WebSocket | null>;
  inFlight: number;
  /** Client ids of its sends waiting for an answer. */
  pending: Set<string>;
  /** Its budget is spent: closed once its last answer arrives. */
  retiring: boolean;
}

/**
 * The senders' sockets of one target: a member's socket, opened when the member first sends and
 * closed once it has used its send budget and every answer has come (a sender sends its budget in
 * a row, so a room has one or two sender sockets open at a time). Each send is a `message.send`
 * frame answered on the same socket; the answer says what the HTTP route would have answered.
 */
export class SenderSockets {
  private readonly senders = new Map<string, Sender>();
  private readonly waiting = new Map<string, (status: number) => void>();

  constructor(
    /** Opens the socket of the member with this cookie, handing each frame it receives to `onText`. */
    private readonly open: (
      cookie: string,
      roomId: string,
      onText: (text: string) => void,
    ) => Promise<WebSocket | null>,
  ) {}

  /** Sends one message; resolves with its status (0: the socket failed). `last`: the sender's budget is spent. */
  async send(cookie: string, roomId: string, text: () => string, last: boolean): Promise<number> {
    let sender = this.senders.get(cookie);
    if (!sender) {
      const pending = new Set<string>();
      const socket = this.open(cookie, roomId, (frame) => this.onText(frame));
      sender = { socket, inFlight: 0, pending, retiring: false };
      this.senders.set(cookie, sender);
      void socket.then((ws) =>
        ws?.on('close', () => {
          for (const id of pending) this.waiting.get(id)?.(0);
        }),
      );
    }
    sender.inFlight += 1;
    if (last) sender.retiring = true;
    const ws = await sender.socket;
    const clientId = randomUUID();
    const status = await new Promise<number>((resolve) => {
      if (!ws || ws.readyState !== ws.OPEN) return resolve(0);
      this.waiting.set(clientId, resolve);
      sender.pending.add(clientId);
      ws.send(JSON.stringify({ type: 'message.send', room_id: roomId, client_id: clientId, content: text() }));
    });
    this.waiting.delete(clientId);
    sender.pending.delete(clientId);
    sender.inFlight -= 1;
    if (sender.retiring && sender.inFlight === 0 && this.senders.get(cookie) === sender) {
      this.senders.delete(cookie);
      ws?.close();
    }
    return status;
  }

  closeAll(): void {
    for (const sender of this.senders.values()) void sender.socket.then((ws) => ws?.terminate());
    this.senders.clear();
  }

  private onText(text: string): void {
    const answer = answerOf(text);
    if (answer) this.waiting.get(answer.clientId)?.(answer.status);
  }
}
