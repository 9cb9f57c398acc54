import os from 'node:os';
import { readCpuMicros, readMachineBusyMicros } from '../../server/testing/faults/support/process-stats';

export interface CpuWindow {
  wallMs: number;
  /** CPU µs per watched process, in the order given. */
  processMicros: number[];
  /** Busy CPU µs of the machine not used by the watched processes. */
  othersMicros: number;
  /** othersMicros as a share of the machine's capacity over the window (0..1). */
  othersShare: number;
}

/** Measures the CPU of some processes and of the rest of the machine over a window. */
export function startCpuWindow(pids: number[]): () => CpuWindow {
  const t0 = Date.now();
  const machine0 = readMachineBusyMicros();
  const proc0 = pids.map(safeCpu);
  return () => {
    const wallMs = Date.now() - t0;
    const machine = readMachineBusyMicros() - machine0;
    const processMicros = pids.map((pid, i) => safeCpu(pid) - (proc0[i] ?? 0));
    const ours = processMicros.reduce((a, b) => a + b, 0);
    const othersMicros = Math.max(0, machine - ours);
    const capacity = wallMs * 1000 * os.cpus().length;
    return { wallMs, processMicros, othersMicros, othersShare: capacity > 0 ? othersMicros / capacity : 0 };
  };
}

function safeCpu(pid: number): number {
  try {
    return readCpuMicros(pid);
  } catch {
    return 0;
  }
}
