import fs from 'node:fs';

/** Resident set size of a process in bytes (VmRSS from /proc/PID/status). */
export function readRssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/** CPU time (user + system) a process has used so far, in microseconds (/proc/PID/stat). */
export function readCpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1_000_000) / clockTicksPerSecond();
}

/** Busy CPU time of the whole machine so far, in microseconds (/proc/stat, all cores). */
export function readMachineBusyMicros(): number {
  return readMachineTimes().busy;
}

export interface MachineTimes {
  /** Every busy state, interrupts and steal included. */
  busy: number;
  /** Interrupt handling: on loopback, mostly the network traffic of the processes themselves. */
  interrupts: number;
  /** Time the hypervisor gave to other guests while this one wanted to run. */
  steal: number;
}

/** The machine's CPU time so far by kind, in microseconds (/proc/stat, all cores). */
export function readMachineTimes(): MachineTimes {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).map(Number);
  const micros = (ticks: number) => (ticks * 1_000_000) / clockTicksPerSecond();
  return {
    busy: micros(user + nice + system + irq + softirq + steal),
    interrupts: micros(irq + softirq),
    steal: micros(steal),
  };
}

function clockTicksPerSecond(): number {
  // USER_HZ is 100 on every mainstream Linux build.
  return Number(process.env.CLK_TCK ?? 100);
}
