import { TYPING_RELAY_INTERVAL_MS } from '../../shared/limits';
import type { ClientCommand } from '../../shared/realtime/protocol';
import type { CommandDeps } from './realtime-deps';
import { createRoomListener, type SocketConnection } from './socket-connection';
import type { RoomHub } from './room-hub';
import { RoomSubscription } from './room-subscription';
import { sendMessageCommand } from './send-command';

/** More rooms than any screen shows at once (room page plus sidebar). */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;

/** Carries out one validated command for one socket. */
export async function handleCommand(
  deps: CommandDeps,
  hub: RoomHub,
  client: SocketConnection,
  command: ClientCommand,
): Promise<void> {
  switch (command.type) {
    case 'ping':
      client.send({
        type: 'pong',
        ...(command.ref !== undefined ? { ref: command.ref } : {}),
        server_time: Date.now(),
      });
      return;
    case 'message.send':
      return sendMessageCommand(deps, client, command);
    case 'room.subscribe':
      return subscribe(deps, hub, client, command.room_id, command.after_seq);
    case 'room.unsubscribe':
      return unsubscribe(hub, client, command.room_id);
    case 'room.replay': {
      const membership = client.rooms.get(command.room_id);
      if (!membership) return client.sendError('forbidden', 'Subscribe to the room first', command.type);
      // A replay reads the log again: a member banned or gone since the subscription reads nothing
      // (their member.left may still be on its way to this socket).
      if (!(await deps.services.roomEventLog.isActiveMember(command.room_id, client.userId))) {
        return refuse(deps, hub, client, command.room_id, command.type);
      }
      if (client.rooms.get(command.room_id) === membership) membership.subscription.replay(command.after_seq);
      return;
    }
    case 'typing': {
      const membership = client.rooms.get(command.room_id);
      if (!membership) return client.sendError('forbidden', 'Subscribe to the room first', command.type);
      // One signal per user and room per throttle period, counted on every process: more tabs
      // (or sockets) do not make a user's typing reach the room more often.
      const allowed = await deps.services.rateLimiter.hit(
        `typing:${command.room_id}:${client.userId}`,
        1,
        TYPING_RELAY_INTERVAL_MS,
      );
      if (!allowed.allowed || client.isClosing) return;
      // Read where the user stands now (a mute or ban may be on its way to this socket): a muted
      // member's typing reaches nobody, a banned person's or a non-member's is refused.
      const standing = await deps.services.roomStanding.typing(command.room_id, client.userId);
      if (standing === 'muted') return;
      if (standing !== 'relay') return refuse(deps, hub, client, command.room_id, command.type);
      hub.publishTyping(command.room_id, client.userId, Date.now());
      return;
    }
  }
}

async function subscribe(
  deps: CommandDeps,
  hub: RoomHub,
  client: SocketConnection,
  roomId: string,
  afterSeq: number | undefined,
): Promise<void> {
  const rooms = deps.services.roomEventLog;
  // A membership row implies its room, so the room is only looked up to word the refusal.
  if (!(await rooms.isActiveMember(roomId, client.userId))) {
    if (!(await rooms.roomExists(roomId)))
      return client.sendError('not_found', 'Chat room not found', 'room.subscribe');
    return refuse(deps, hub, client, roomId, 'room.subscribe');
  }
  // Subscribing again restarts the room from the given point.
  if (client.rooms.has(roomId)) await unsubscribe(hub, client, roomId);
  if (client.rooms.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
    return client.sendError(
      'too_many_subscriptions',
      `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} rooms per connection`,
      'room.subscribe',
    );
  }
  const subscription = new RoomSubscription(
    roomId,
    client,
    rooms.logOf(roomId),
    (error) => deps.logger.warn({ err: error, roomId }, 'room delivery failed'),
    deps.replayPacer,
  );
  const membership = createRoomListener(client, subscription);
  client.rooms.set(roomId, membership);
  // Listen first, then read the sequence: nothing committed after the read can be missed.
  await hub.attach(roomId, membership);
  const online = await hub.goOnline(roomId, membership);
  const lastSeq = (await rooms.lastSeq(roomId)) ?? 0;
  if (client.rooms.get(roomId) !== membership || client.isClosing) return;
  // A leave committed between the first check and the sequence read would otherwise go unnoticed.
  if (!(await rooms.isActiveMember(roomId, client.userId))) return refuse(deps, hub, client, roomId, 'room.subscribe');
  client.send({ type: 'room.subscribed', room_id: roomId, last_seq: lastSeq, online_user_ids: online });
  membership.ready = true;
  const held = membership.heldPresence;
  if (held && held.join(',') !== online.join(',')) membership.sendPresence(roomId, held);
  subscription.start(afterSeq ?? lastSeq);
}

/**
 * Refuses a command about a room the user is no longer (or never was) an active member of, in
 * the ban's words when banned, and stops the socket's subscription to it if it had one.
 */
async function refuse(
  deps: CommandDeps,
  hub: RoomHub,
  client: SocketConnection,
  roomId: string,
  command: ClientCommand['type'],
): Promise<void> {
  await unsubscribe(hub, client, roomId);
  client.sendError('forbidden', await deps.services.roomStanding.refusalOf(roomId, client.userId), command);
}

export async function unsubscribe(hub: RoomHub, client: SocketConnection, roomId: string): Promise<void> {
  const membership = client.rooms.get(roomId);
  if (!membership) return;
  client.rooms.delete(roomId);
  await hub.detach(roomId, membership);
}
