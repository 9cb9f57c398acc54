import type { ClientCommand, RealtimeErrorCode } from '../../shared/realtime/protocol';
import { DomainError, type DomainErrorKind } from '../errors';
import { DOMAIN_STATUS, isDatabaseUnavailable } from '../http/error-handler';
import type { CommandDeps } from './realtime-deps';
import type { SocketConnection } from './socket-connection';

type SendCommand = Extract<ClientCommand, { type: 'message.send' }>;

/** The error frame's code for each kind of refusal (its status is the HTTP route's). */
const REALTIME_CODE: Record<DomainErrorKind, RealtimeErrorCode> = {
  invalid: 'validation_failed',
  bad_request: 'bad_frame',
  unauthenticated: 'forbidden',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  rate_limited: 'rate_limited',
  upstream_rate_limited: 'unavailable',
  upstream_unavailable: 'unavailable',
  unavailable: 'unavailable',
};

/**
 * `message.send`: the HTTP route's send (one service, so the same rules, limits, errors and
 * idempotency by client id), acknowledged to this socket with the message and its room sequence,
 * or refused with the HTTP route's status and words.
 */
export async function sendMessageCommand(deps: CommandDeps, client: SocketConnection, command: SendCommand) {
  const { type, room_id: roomId, ...body } = command;
  const clientId = body.client_id;
  try {
    const outcome = await deps.services.messages.send(client.userId, roomId, body);
    if (outcome.held) {
      client.send({ type: 'message.held', client_id: clientId, room_id: roomId, held: outcome.held });
      return;
    }
    const { message, created } = outcome;
    // A fresh send knows its sequence from the commit; a retry reads the original's.
    const seq = outcome.seq ?? (await deps.services.roomEventLog.seqOfMessage(roomId, message.id)) ?? 0;
    client.send({
      type: 'message.sent',
      client_id: clientId,
      room_id: roomId,
      message_id: message.id,
      seq,
      created,
      message,
    });
  } catch (error) {
    if (error instanceof DomainError) {
      const [status] = DOMAIN_STATUS[error.kind];
      const { retryAfterSeconds, reason } = error.details;
      return client.sendError(REALTIME_CODE[error.kind], error.message, type, {
        client_id: clientId,
        status,
        ...(retryAfterSeconds !== undefined ? { retry_after_seconds: retryAfterSeconds } : {}),
        ...(reason !== undefined ? { reason } : {}),
      });
    }
    if (isDatabaseUnavailable(error)) {
      return client.sendError('unavailable', 'Service temporarily unavailable, please retry', type, {
        client_id: clientId,
        status: 503,
        retry_after_seconds: 1,
      });
    }
    deps.logger.warn({ err: error, roomId }, 'message.send failed');
    client.sendError('internal', 'Something went wrong', type, { client_id: clientId, status: 500 });
  }
}
