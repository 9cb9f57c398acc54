import type { BenchRoom } from '../lib/seed-chat';
import type { GeneratorRoom } from './generator-protocol';
import type { FanoutShape } from './shapes';

/** The product's send limit per user and minute, which the benchmarks stay under. */
export const SEND_LIMIT_PER_MINUTE = 10;

/**
 * Sender accounts per room so that no one exceeds the send limit over the whole run, every step
 * repeated `attempts` times at worst, plus two to spare.
 */
export function sendersPerRoomFor(shape: FanoutShape, rates: number[], attempts: number): number {
  const totalMessages = rates.reduce((sum, rate) => sum + rate * shape.stepSeconds, 0) * attempts;
  return Math.ceil(totalMessages / SEND_LIMIT_PER_MINUTE / shape.rooms) + 2;
}

/** Seeded rooms as the load generator needs them: cookies of member sockets and of senders. */
export function toGeneratorRooms(rooms: BenchRoom[]): GeneratorRoom[] {
  return rooms.map((room) => ({
    id: room.id,
    memberCookies: room.members.map((user) => user.cookie),
    senderCookies: room.senders.map((user) => user.cookie),
  }));
}
