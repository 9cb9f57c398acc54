import fs from 'node:fs';
import os from 'node:os';
import { readCpuMicros, readMachineTimes } from '../../server/testing/faults/support/process-stats';

export interface CpuWindow {
  wallMs: number;
  /** CPU µs per watched group of processes, in the order given. */
  processMicros: number[];
  /**
   * Busy CPU µs of the machine not used by the watched processes: other processes, and time the
   * hypervisor gave to other guests (steal). Interrupt time is left out: on loopback it is the
   * watched processes' own network traffic, which /proc/PID/stat does not charge to them.
   */
  othersMicros: number;
  /** othersMicros as a share of the machine's capacity over the window (0..1). */
  othersShare: number;
  /** Steal alone, as a share of the machine's capacity over the window (0..1). */
  stealShare: number;
}

/** A watched group: fixed PIDs, or a function listing them (read at the start and at the end). */
export type WatchedGroup = number | number[] | (() => number[]);

/**
 * Measures the CPU of some groups of processes and of the rest of the machine over a window.
 * A process that starts inside the window counts from zero; one that ends inside it is lost
 * (PostgreSQL backends come and go with the pool, so they are listed at both ends).
 */
export function startCpuWindow(groups: WatchedGroup[]): () => CpuWindow {
  const list = (group: WatchedGroup): number[] =>
    typeof group === 'function' ? group() : Array.isArray(group) ? group : [group];
  const t0 = Date.now();
  const machine0 = readMachineTimes();
  const start = groups.map((group) => new Map(list(group).map((pid) => [pid, safeCpu(pid)])));
  return () => {
    const wallMs = Date.now() - t0;
    const machine1 = readMachineTimes();
    const machine = machine1.busy - machine0.busy - (machine1.interrupts - machine0.interrupts);
    const steal = machine1.steal - machine0.steal;
    const processMicros = groups.map((group, i) => {
      const before = start[i] ?? new Map<number, number>();
      const pids = new Set([...before.keys(), ...list(group)]);
      let used = 0;
      for (const pid of pids) {
        const now = safeCpu(pid);
        if (now > 0) used += Math.max(0, now - (before.get(pid) ?? 0));
      }
      return used;
    });
    const ours = processMicros.reduce((a, b) => a + b, 0);
    const othersMicros = Math.max(0, machine - ours);
    const capacity = wallMs * 1000 * os.cpus().length;
    return {
      wallMs,
      processMicros,
      othersMicros,
      othersShare: capacity > 0 ? othersMicros / capacity : 0,
      stealShare: capacity > 0 ? steal / capacity : 0,
    };
  };
}

/** A process and its direct children (a PostgreSQL postmaster and its backends). */
export function withChildren(pid: number): number[] {
  const pids = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) pids.push(Number(entry));
    } catch {
      // The process ended while listing.
    }
  }
  return pids;
}

function safeCpu(pid: number): number {
  try {
    return readCpuMicros(pid);
  } catch {
    return 0;
  }
}
