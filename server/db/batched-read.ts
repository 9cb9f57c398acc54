/** How many keys one statement reads at most; more waiting keys go in the next one. */
export const BATCHED_READ_MAX_KEYS = 200;

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads by key where calls that arrive while a read is running wait for it to end and then go
 * together, in one statement. Alone, a call is read at once; under load, many round trips to the
 * database become a few. Every caller gets a read that started after it asked, never one already
 * under way (which could predate a write the caller has just made), so nothing is served staler
 * than a read of its own would be.
 */
export function createBatchedRead<V>(
  readMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
  maxKeys = BATCHED_READ_MAX_KEYS,
): (key: string) => Promise<V | undefined> {
  let waiting = new Map<string, Array<Waiter<V>>>();
  let running = false;

  function nextBatch(): Map<string, Array<Waiter<V>>> {
    if (waiting.size <= maxKeys) {
      const batch = waiting;
      waiting = new Map();
      return batch;
    }
    const batch = new Map<string, Array<Waiter<V>>>();
    for (const [key, waiters] of waiting) {
      if (batch.size === maxKeys) break;
      batch.set(key, waiters);
      waiting.delete(key);
    }
    return batch;
  }

  async function run(): Promise<void> {
    running = true;
    while (waiting.size > 0) {
      const batch = nextBatch();
      try {
        const found = await readMany([...batch.keys()]);
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!running) void run();
    });
}
