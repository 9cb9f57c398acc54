import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { startCpuWindow } from './cpu-meter';

/** What counts as quiet: the rest of the machine under this share of its CPUs… */
const QUIET_CPU_SHARE = 0.1;
/** …and fewer dirty or in-flight page-cache bytes than this waiting for the disk. */
const QUIET_DIRTY_BYTES = 64 * 2 ** 20;
const SAMPLE_MS = 2_000;

/** Dirty and writeback page-cache bytes, from /proc/meminfo (0 where there is none). */
export function unwrittenBytes(meminfo: string): number {
  let total = 0;
  for (const line of meminfo.split('\n')) {
    const match = /^(Dirty|Writeback):\s+(\d+) kB/.exec(line);
    if (match) total += Number(match[2]) * 1024;
  }
  return total;
}

/**
 * Waits, at most `limitMs`, until the previous part has left no work behind: a stopped database
 * still flushing a gigabyte of pages, or a process still exiting, would otherwise be measured
 * with the next part. Flushes the page cache first (`sync`), then samples the CPU every 2 s.
 * Answers what it saw, for the log.
 */
export async function waitForQuietMachine(limitMs = 60_000): Promise<string> {
  const started = Date.now();
  try {
    execFileSync('sync');
  } catch {
    // No sync binary: the dirty-page check below still waits for the kernel's own writeback.
  }
  let cpuShare = 1;
  let dirty = Number.POSITIVE_INFINITY;
  while (Date.now() - started < limitMs) {
    const window = startCpuWindow([]);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    cpuShare = window().othersShare;
    dirty = fs.existsSync('/proc/meminfo') ? unwrittenBytes(fs.readFileSync('/proc/meminfo', 'utf8')) : 0;
    if (cpuShare < QUIET_CPU_SHARE && dirty < QUIET_DIRTY_BYTES) {
      return `machine quiet after ${((Date.now() - started) / 1000).toFixed(0)} s (CPU ${(cpuShare * 100).toFixed(0)} % busy, ${Math.round(dirty / 2 ** 20)} MiB unwritten)`;
    }
  }
  return `machine still busy after ${limitMs / 1000} s (CPU ${(cpuShare * 100).toFixed(0)} % busy, ${Math.round(dirty / 2 ** 20)} MiB unwritten); measuring anyway`;
}
