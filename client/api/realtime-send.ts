import type { HeldMessageResponse } from '../../shared/api/protection';
import type { MessageResponse, SendMessageRequest } from '../../shared/api/rooms';
import { MAX_FRAME_BYTES, type ClientCommand } from '../../shared/realtime/protocol';
import { chatApi } from './chat-endpoints';
import { ApiRequestError } from './http';
import { getRealtimeClient } from './realtime';
import type { CommandAnswer } from './realtime-types';

/** How long a send over the socket waits for its answer before it is sent again over HTTP. */
export const SOCKET_SEND_TIMEOUT_MS = 5000;

/** What a send needs of the realtime client. */
export interface SocketSender {
  trySend(command: ClientCommand): boolean;
  onAnswer(listener: (answer: CommandAnswer | null) => void): () => void;
}

export type SendAnswer = MessageResponse | HeldMessageResponse;

/** Room for the command's own fields around the body in one frame. */
const FRAME_MARGIN_BYTES = 256;

/**
 * Sends a message over the tab's socket when it is open, and over HTTP when it is not, when the
 * text is too long for one frame, or when no answer came in time or the socket went meanwhile
 * (the client id makes that second send answer the first if it was stored after all). A refusal
 * over the socket throws the same error as the HTTP route's answer would.
 */
export async function sendMessage(
  roomId: string,
  body: SendMessageRequest,
  options: { socket?: SocketSender; timeoutMs?: number } = {},
): Promise<SendAnswer> {
  const answer = await sendOverSocket(options.socket ?? getRealtimeClient(), roomId, body, options.timeoutMs);
  return answer ?? chatApi.messages.send(roomId, body);
}

/** The answer over the socket; undefined: nothing definite came back, send over HTTP. */
export function sendOverSocket(
  socket: SocketSender,
  roomId: string,
  body: SendMessageRequest,
  timeoutMs = SOCKET_SEND_TIMEOUT_MS,
): Promise<SendAnswer | undefined> {
  const command: ClientCommand = { type: 'message.send', room_id: roomId, ...body } as ClientCommand;
  if (new TextEncoder().encode(JSON.stringify(command)).length > MAX_FRAME_BYTES - FRAME_MARGIN_BYTES) {
    return Promise.resolve(undefined);
  }
  return new Promise<SendAnswer | undefined>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop();
      settle();
    };
    const timer = setTimeout(() => finish(() => resolve(undefined)), timeoutMs);
    const stop = socket.onAnswer((answer) => {
      if (answer === null) return finish(() => resolve(undefined));
      if (answer.client_id !== body.client_id) return;
      if (answer.type === 'message.sent') return finish(() => resolve({ message: answer.message }));
      if (answer.type === 'message.held') return finish(() => resolve({ held: answer.held }));
      // A failure of ours (5xx) may pass over HTTP; a refusal is the HTTP route's own.
      if (answer.status === undefined || answer.status >= 500) return finish(() => resolve(undefined));
      const error = new ApiRequestError(
        answer.status,
        answer.code === 'bad_frame' ? 'bad_request' : answer.code,
        answer.message,
        answer.retry_after_seconds,
        undefined,
        answer.reason,
      );
      finish(() => reject(error));
    });
    if (!socket.trySend(command)) finish(() => resolve(undefined));
  });
}
