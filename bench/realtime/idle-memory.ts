import { sleep } from '../../server/testing/services/free-port';
import type { CollectedMemory, EventLoopProbe } from '../lib/event-loop-delay';
import type { GeneratorClient } from './generator-client';
import type { GeneratorRoom, Target } from './generator-protocol';

/** Memory per idle subscribed connection of one server process (product or raw `ws`). */
export interface MemoryFigure {
  connections: number;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  /** (RSS after − RSS before) / connections: the figure of record. */
  bytesPerConnection: number;
  /**
   * Both readings were taken right after two full garbage collections in the process (the probe's
   * `POST /gc`). Absent in results measured before: those read RSS a few seconds after the sockets
   * opened, without a collection, and moved with where the V8 heap happened to grow.
   */
  afterFullGc?: boolean;
  heapUsedBeforeBytes?: number;
  heapUsedAfterBytes?: number;
  /** (heap used after − heap used before) / connections: the JavaScript objects' share of the figure. */
  heapBytesPerConnection?: number;
}

/** Wait before the "before" reading: the connect phase's garbage and sockets have gone. */
const SETTLE_BEFORE_MS = 1500;
/** Wait after the idle sockets subscribed, before the "after" reading: their buffers settle. */
const SETTLE_AFTER_MS = 3000;

export const NO_MEMORY_FIGURE: MemoryFigure = {
  connections: 0,
  rssBeforeBytes: 0,
  rssAfterBytes: 0,
  bytesPerConnection: 0,
};

/**
 * Opens `count` more idle sockets on the target, each subscribed to one of the rooms, and answers
 * the growth of the process's RSS (and heap used) per socket, both readings taken after a full
 * garbage collection in the process, then closes the sockets again. The probe must have been
 * created with `exposeGc`.
 */
export async function measureIdleMemory(
  generator: GeneratorClient,
  probe: EventLoopProbe,
  target: Target,
  count: number,
  rooms: GeneratorRoom[],
): Promise<MemoryFigure & { failed: number }> {
  await sleep(SETTLE_BEFORE_MS);
  const before = await probe.collect();
  const opened = await generator.request({ cmd: 'idle', target, count, rooms }, 'idle-open');
  await sleep(SETTLE_AFTER_MS);
  const after = await probe.collect();
  await generator.request({ cmd: 'close-idle' }, 'idle-closed');
  return { ...memoryFigure(opened.open, before, after), failed: opened.failed };
}

export function memoryFigure(connections: number, before: CollectedMemory, after: CollectedMemory): MemoryFigure {
  const per = (grown: number) => (connections > 0 ? Math.round(grown / connections) : 0);
  return {
    connections,
    rssBeforeBytes: before.rssBytes,
    rssAfterBytes: after.rssBytes,
    bytesPerConnection: per(after.rssBytes - before.rssBytes),
    afterFullGc: true,
    heapUsedBeforeBytes: before.heapUsedBytes,
    heapUsedAfterBytes: after.heapUsedBytes,
    heapBytesPerConnection: per(after.heapUsedBytes - before.heapUsedBytes),
  };
}
