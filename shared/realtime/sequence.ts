/**
 * Client-side bookkeeping of a room's event sequence (see protocol.ts): apply each event once,
 * in order, and notice when something is missing so the client can ask for `room.replay`.
 */
export type SequenceVerdict =
  /** The next event: apply it. */
  | 'apply'
  /** Already applied (a replay overlapping live delivery): ignore it. */
  | 'duplicate'
  /** Events are missing before this one: do not apply; send room.replay {after_seq: last}. */
  | 'gap';

export interface SequenceTracker {
  /** Highest sequence number applied so far. */
  readonly last: number;
  /** Classifies an incoming event; on 'apply' the tracker advances to it. */
  accept(seq: number): SequenceVerdict;
  /** Starts over from a known point (after an HTTP refetch or room.resync). */
  reset(lastSeq: number): void;
}

export function createSequenceTracker(lastSeq = 0): SequenceTracker {
  let last = lastSeq;
  return {
    get last() {
      return last;
    },
    accept(seq) {
      if (seq <= last) return 'duplicate';
      if (seq > last + 1) return 'gap';
      last = seq;
      return 'apply';
    },
    reset(next) {
      last = next;
    },
  };
}
