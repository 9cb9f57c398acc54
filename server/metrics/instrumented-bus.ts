import type { EventBus } from '../bus/event-bus';
import type { AppMetrics } from './app-metrics';

const ROOM_CHANNEL = /^room:(.+)$/;
const EVENT_SEQ = /^E(\d{1,15}) /;

/**
 * The bus as the app uses it, counting failed operations and noting when each room event is
 * published. Room events are published right after their transaction commits
 * (services/room-events/room-change.ts), so that moment starts the delivery-latency clock.
 */
export function instrumentBus(bus: EventBus, metrics: AppMetrics): EventBus {
  return {
    kind: bus.kind,
    async publish(channel, message) {
      const room = ROOM_CHANNEL.exec(channel)?.[1];
      const seq = room ? EVENT_SEQ.exec(message)?.[1] : undefined;
      if (room && seq) metrics.eventCommitted(room, Number(seq));
      try {
        await bus.publish(channel, message);
      } catch (error) {
        metrics.busError('publish');
        throw error;
      }
    },
    async subscribe(channel, handler) {
      try {
        return await bus.subscribe(channel, handler);
      } catch (error) {
        metrics.busError('subscribe');
        throw error;
      }
    },
    async health() {
      const result = await bus.health();
      if (!result.ok) metrics.busError('health');
      return result;
    },
    close: () => bus.close(),
  };
}
