import type { EventBus } from './event-bus';

/** Single-process bus: handlers run on a later microtask, like a network bus would. */
export function createMemoryBus(): EventBus {
  const handlers = new Map<string, Set<(message: string) => void>>();
  return {
    kind: 'memory',
    async publish(channel, message) {
      const set = handlers.get(channel);
      if (!set) return;
      for (const handler of [...set]) queueMicrotask(() => handler(message));
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
      };
    },
    async health() {
      return { ok: true };
    },
    async close() {
      handlers.clear();
    },
  };
}
