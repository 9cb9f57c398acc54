import type { EventBus } from './event-bus';
import { connectRedis } from './redis-connection';

/** Redis pub/sub bus for several server processes. Subscriptions are restored after reconnects. */
export function createRedisBus(url: string): EventBus {
  const pub = connectRedis(url, 'bus-pub');
  const sub = connectRedis(url, 'bus-sub');
  const handlers = new Map<string, Set<(message: string) => void>>();
  // A SUBSCRIBE sent while the connection is still between connect and ready (its ready check in
  // flight) can be lost; subscribing again to every channel once it is ready is idempotent.
  sub.on('ready', () => {
    const channels = [...handlers.keys()];
    if (channels.length > 0) void sub.subscribe(...channels).catch(() => undefined);
  });
  sub.on('message', (channel: string, message: string) => {
    const set = handlers.get(channel);
    if (set) for (const handler of [...set]) handler(message);
  });
  return {
    kind: 'redis',
    async publish(channel, message) {
      await pub.publish(channel, message);
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      const first = set === undefined;
      if (!set) handlers.set(channel, (set = new Set()));
      // Registered before anything is awaited: a message that arrives while the SUBSCRIBE is on its
      // way already finds every handler of the channel.
      set.add(handler);
      // Until the connection is ready, the 'ready' handler above subscribes every channel; a
      // SUBSCRIBE sent before then can be lost, and its promise with it.
      if (first && sub.status === 'ready') await sub.subscribe(channel);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await sub.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async health() {
      try {
        await pub.ping();
        return {
          ok: sub.status === 'ready',
          ...(sub.status === 'ready' ? {} : { detail: `subscriber ${sub.status}` }),
        };
      } catch (error) {
        return { ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {
      handlers.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
