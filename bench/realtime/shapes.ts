export interface FanoutShape {
  name: string;
  rooms: number;
  membersPerRoom: number;
  /** Offered send rates (messages/s over all rooms), one step each. */
  rates: number[];
  /**
   * Rates for the Redis scaling measurement (one and two processes on PostgreSQL): lower and
   * finer, since PostgreSQL and Redis share the same cores and the knee comes earlier.
   */
  scalingRates: number[];
  stepSeconds: number;
  /** Extra idle connections opened to measure memory per connection. */
  idleConnections: number;
}

/** The shape named by the issue, a reduced one that fits ten minutes on two cores, and a smoke run. */
export const SHAPES: Record<string, FanoutShape> = {
  full: {
    name: 'full',
    rooms: 50,
    membersPerRoom: 40,
    // 50 msg/s apart up to 600 and 100 msg/s apart up to 1,200, around both knees (the product's
    // and raw ws's), so their ratio is measured rather than set by the ladder.
    rates: [100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 700, 800, 900, 1000, 1100, 1200, 1400, 1600, 2000],
    scalingRates: [50, 100, 150, 200, 300],
    stepSeconds: 10,
    idleConnections: 10_000,
  },
  reduced: {
    name: 'reduced',
    rooms: 25,
    membersPerRoom: 40,
    rates: [100, 200, 400, 800],
    scalingRates: [50, 100, 200, 400],
    stepSeconds: 6,
    idleConnections: 3000,
  },
  quick: {
    name: 'quick',
    rooms: 5,
    membersPerRoom: 20,
    rates: [20, 50, 100],
    scalingRates: [20, 50, 100],
    stepSeconds: 3,
    idleConnections: 300,
  },
};

/**
 * Flags override a named shape: --rooms=N --members=N --rates=a,b,c --scaling-rates=a,b,c
 * --step-seconds=N --idle=N.
 */
export function shapeFromArgs(args: Map<string, string>): FanoutShape {
  const base = SHAPES[args.get('shape') ?? 'full'];
  if (!base) throw new Error(`unknown shape ${args.get('shape')} (full, reduced, quick)`);
  const num = (name: string, fallback: number) => (args.has(name) ? Number(args.get(name)) : fallback);
  return {
    name: base.name,
    rooms: num('rooms', base.rooms),
    membersPerRoom: num('members', base.membersPerRoom),
    rates: args.has('rates') ? (args.get('rates') ?? '').split(',').map(Number) : base.rates,
    scalingRates: args.has('scaling-rates')
      ? (args.get('scaling-rates') ?? '').split(',').map(Number)
      : base.scalingRates,
    stepSeconds: num('step-seconds', base.stepSeconds),
    idleConnections: num('idle', base.idleConnections),
  };
}
