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
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return (busy * 1_000_000) / clockTicksPerSecond();
}

function clockTicksPerSecond(): number {
  // USER_HZ is 100 on every mainstream Linux build.
  return Number(process.env.CLK_TCK ?? 100);
}
