import { channelOf, roomEventSeq } from '../bus/channels';
import type { EventBus } from '../bus/event-bus';
import type { AppMetrics } from './app-metrics';

/**
 * The bus as the app uses it, counting failed operations and noting when each room event is
 * published. Room events are published right after their transaction commits
 * (services/room-events/room-change.ts), so that moment starts the delivery-latency clock.
 */
export function instrumentBus(bus: EventBus, metrics: AppMetrics): EventBus {
  return {
    kind: bus.kind,
    async publish(channel, message) {
      const target = channelOf(channel);
      const seq = target?.channel === 'room' ? roomEventSeq(message) : null;
      if (target?.channel === 'room' && seq !== null) metrics.eventCommitted(target.roomId, seq);
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
