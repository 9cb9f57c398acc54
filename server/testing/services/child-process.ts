import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface ManagedChild {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Everything the process wrote (last 64 KiB), for failure messages. */
  output(): string;
  /** Resolves when the process has exited (immediately if it already has). */
  exited(): Promise<void>;
  /** Sends a signal to this process only (by PID) and waits for it to exit. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
}

const OUTPUT_LIMIT = 64 * 1024;
const live = new Set<ManagedChild>();
let exitHookInstalled = false;

/**
 * Spawns a child this process owns. Every child still running when this process exits is
 * SIGKILLed by PID, so an interrupted test or benchmark never leaves servers behind.
 */
export function spawnManaged(command: string, args: string[], options: SpawnOptions = {}): ManagedChild {
  installExitHook();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exit = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const managed: ManagedChild = {
    child,
    pid: child.pid,
    output: () => log,
    exited: () => exit,
    async stop(signal = 'SIGTERM', timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exit;
      clearTimeout(timer);
    },
  };
  live.add(managed);
  void exit.then(() => live.delete(managed));
  return managed;
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const managed of live) {
      try {
        process.kill(managed.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}
