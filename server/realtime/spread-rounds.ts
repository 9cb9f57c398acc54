/** The spacing of a round's slices: each second, the next slice of the sockets is visited. */
export const ROUND_SLICE_MS = 1000;

/**
 * Visits every item once per period, a slice at a time. Items are dealt round-robin into
 * `period / ROUND_SLICE_MS` slices as they are added, and each tick visits the next slice. Work
 * over every open socket (a ping is a system call each; a session check a database read) thus
 * never becomes one long turn of the event loop that holds every delivery and request behind it:
 * at 3,000 sockets, pinging all of them at once blocked the loop for about 100 ms.
 */
export class SpreadRounds<T> {
  private readonly slices: Array<Set<T>>;
  private readonly sliceOf = new Map<T, number>();
  private nextSlot = 0;
  private nextTick = 0;

  constructor(
    readonly periodMs: number,
    private readonly visit: (slice: readonly T[]) => void,
  ) {
    const count = Math.max(1, Math.round(periodMs / ROUND_SLICE_MS));
    this.slices = Array.from({ length: count }, () => new Set<T>());
  }

  /** How often `tick` should run for each item to be visited once per period. */
  get tickMs(): number {
    return this.periodMs / this.slices.length;
  }

  add(item: T): void {
    if (this.sliceOf.has(item)) return;
    const slot = this.nextSlot;
    this.nextSlot = (this.nextSlot + 1) % this.slices.length;
    this.slices[slot]!.add(item);
    this.sliceOf.set(item, slot);
  }

  delete(item: T): void {
    const slot = this.sliceOf.get(item);
    if (slot === undefined) return;
    this.slices[slot]!.delete(item);
    this.sliceOf.delete(item);
  }

  /** Visits the next slice (nothing when it is empty). */
  tick(): void {
    const slice = this.slices[this.nextTick]!;
    this.nextTick = (this.nextTick + 1) % this.slices.length;
    if (slice.size > 0) this.visit([...slice]);
  }

  /** Starts ticking; the timer does not hold the process open. Returns the timer to clear. */
  start(): ReturnType<typeof setInterval> {
    const timer = setInterval(() => this.tick(), this.tickMs);
    timer.unref();
    return timer;
  }
}
