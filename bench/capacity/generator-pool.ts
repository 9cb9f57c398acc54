import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CapacityCommand, CapacityEvent } from './capacity-protocol';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** One capacity load generator as a child process; a request waits for its matching answer. */
class CapacityGenerator {
  readonly child: ChildProcess;
  private waiters: Array<{
    evt: CapacityEvent['evt'];
    resolve: (e: CapacityEvent) => void;
    reject: (e: Error) => void;
  }> = [];

  constructor() {
    this.child = fork(path.join(HERE, 'capacity-generator.ts'), [], {
      execArgv: ['--import', 'tsx', '--max-old-space-size=3072'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pid = this.child.pid;
    process.on('exit', () => {
      if (pid !== undefined && this.child.exitCode === null) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    });
    this.child.on('message', (event: CapacityEvent) => {
      if (event.evt === 'error') {
        for (const waiter of this.waiters.splice(0)) waiter.reject(new Error(`capacity generator: ${event.message}`));
        return;
      }
      const index = this.waiters.findIndex((waiter) => waiter.evt === event.evt);
      if (index >= 0) this.waiters.splice(index, 1)[0]?.resolve(event);
    });
    this.child.on('exit', (code) => {
      for (const waiter of this.waiters.splice(0)) waiter.reject(new Error(`capacity generator exited (${code})`));
    });
  }

  request<E extends CapacityEvent['evt']>(
    command: CapacityCommand,
    evt: E,
  ): Promise<Extract<CapacityEvent, { evt: E }>> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ evt, resolve: resolve as (event: CapacityEvent) => void, reject });
      this.child.send(command);
    });
  }

  async exit(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ cmd: 'exit' } satisfies CapacityCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

/** Several generators side by side, each holding a share of the users. */
export class GeneratorPool {
  readonly generators: CapacityGenerator[];

  constructor(count: number) {
    this.generators = Array.from({ length: count }, () => new CapacityGenerator());
  }

  pids(): number[] {
    return this.generators.map((g) => g.child.pid ?? 0).filter((pid) => pid > 0);
  }

  /** The same kind of request to every generator (`commandFor(i)`), answered by all. */
  all<E extends CapacityEvent['evt']>(
    commandFor: (index: number) => CapacityCommand,
    evt: E,
  ): Promise<Array<Extract<CapacityEvent, { evt: E }>>> {
    return Promise.all(this.generators.map((g, i) => g.request(commandFor(i), evt)));
  }

  async exit(): Promise<void> {
    await Promise.all(this.generators.map((g) => g.exit()));
  }
}
