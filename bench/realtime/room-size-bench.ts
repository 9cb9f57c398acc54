import { round } from '../lib/percentiles';
import { runFanoutBench, type MeasuredStep } from './fanout-bench';
import type { FanoutShape } from './shapes';

export interface RoomSizePoint {
  membersPerRoom: number;
  rooms: number;
  /** Offered messages/s over all rooms (deliveries/s divided by the room size). */
  rate: number;
  product: MeasuredStep;
  raw: MeasuredStep;
  /** Server CPU per delivery, product / raw. */
  cpuRatio: number;
}

export interface RoomSizeResult {
  measuredAt: string;
  /** Member sockets open in every configuration (rooms × members). */
  connections: number;
  /** Deliveries per second offered in every configuration. */
  deliveriesPerSecond: number;
  stepSeconds: number;
  points: RoomSizePoint[];
}

export interface RoomSizePlan {
  sizes: number[];
  connections: number;
  deliveriesPerSecond: number;
  stepSeconds: number;
}

export const DEFAULT_ROOM_SIZE_PLAN: RoomSizePlan = {
  sizes: [10, 40, 200, 1000],
  connections: 2000,
  deliveriesPerSecond: 4000,
  stepSeconds: 10,
};

/**
 * The cost of a delivery as rooms grow: the same number of sockets and the same deliveries per
 * second, in many small rooms or a few large ones. Small rooms spend the send path (HTTP, the
 * transaction, the event log) on few deliveries; large ones amortise it over many sockets.
 */
export async function runRoomSizeBench(plan: RoomSizePlan, log: (line: string) => void): Promise<RoomSizeResult> {
  const points: RoomSizePoint[] = [];
  for (const membersPerRoom of plan.sizes) {
    const rooms = Math.max(1, Math.round(plan.connections / membersPerRoom));
    const rate = Math.max(1, Math.round(plan.deliveriesPerSecond / membersPerRoom));
    const shape: FanoutShape = {
      name: `rooms of ${membersPerRoom}`,
      rooms,
      membersPerRoom,
      rates: [rate],
      scalingRates: [],
      stepSeconds: plan.stepSeconds,
      idleConnections: 0,
    };
    log(`room size ${membersPerRoom}: ${rooms} rooms, ${rate} msg/s`);
    const result = await runFanoutBench(shape, log, { measureMemory: false });
    const step = result.steps[0];
    if (!step) throw new Error(`no step measured for rooms of ${membersPerRoom}`);
    points.push({
      membersPerRoom,
      rooms,
      rate,
      product: step.product,
      raw: step.raw,
      cpuRatio:
        step.raw.cpuMicrosPerDelivery > 0
          ? round(step.product.cpuMicrosPerDelivery / step.raw.cpuMicrosPerDelivery, 2)
          : NaN,
    });
  }
  return {
    measuredAt: new Date().toISOString(),
    connections: plan.connections,
    deliveriesPerSecond: plan.deliveriesPerSecond,
    stepSeconds: plan.stepSeconds,
    points,
  };
}
