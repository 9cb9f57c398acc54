/** Pages of room events read and sent in one turn of the event loop, over all sockets of a process. */
export const REPLAY_PAGES_PER_TURN = 4;

/**
 * Shares the event loop between the sockets that read a room's event log (replays on subscribe or
 * request, and gaps): at most `pagesPerTurn` pages start in one turn, the others wait for the
 * following turns in the order they asked. One page is a read of up to a hundred events and their
 * frames, about a millisecond or two; without a bound, every replay under way takes its page in the
 * same turn, and a few hundred of them (one user reconnecting many sockets, or a whole room
 * resuming after a restart) hold the process for a quarter of a second while live messages wait.
 * With nothing else waiting, a page starts at once.
 */
export class ReplayPacer {
  private startedThisTurn = 0;
  private readonly waiting: Array<() => void> = [];
  private turnScheduled = false;

  constructor(private readonly pagesPerTurn: number = REPLAY_PAGES_PER_TURN) {}

  /** Resolves when the caller may read and send its next page. */
  nextPage(): Promise<void> {
    this.scheduleTurn();
    if (this.waiting.length === 0 && this.startedThisTurn < this.pagesPerTurn) {
      this.startedThisTurn += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Callers waiting for a later turn. */
  get queued(): number {
    return this.waiting.length;
  }

  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.startedThisTurn = 0;
      while (this.waiting.length > 0 && this.startedThisTurn < this.pagesPerTurn) {
        this.startedThisTurn += 1;
        this.waiting.shift()?.();
      }
      // Pages started in this turn count against it: the next turn begins afresh.
      if (this.startedThisTurn > 0) this.scheduleTurn();
    });
  }
}
