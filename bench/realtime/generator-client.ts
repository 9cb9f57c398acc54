import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeneratorCommand, GeneratorEvent } from './generator-protocol';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The load generator as a child process; requests wait for the matching answer. */
export class GeneratorClient {
  readonly child: ChildProcess;
  private waiters: Array<{
    evt: GeneratorEvent['evt'];
    resolve: (event: GeneratorEvent) => void;
    reject: (e: Error) => void;
  }> = [];

  constructor() {
    this.child = fork(path.join(HERE, 'load-generator.ts'), [], {
      execArgv: ['--import', 'tsx', '--max-old-space-size=2048'],
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
    this.child.on('message', (event: GeneratorEvent) => {
      if (event.evt === 'error') {
        for (const waiter of this.waiters.splice(0)) waiter.reject(new Error(`load generator: ${event.message}`));
        return;
      }
      const index = this.waiters.findIndex((waiter) => waiter.evt === event.evt);
      if (index >= 0) this.waiters.splice(index, 1)[0]?.resolve(event);
    });
    this.child.on('exit', (code) => {
      for (const waiter of this.waiters.splice(0)) waiter.reject(new Error(`load generator exited (${code})`));
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  request<E extends GeneratorEvent['evt']>(
    command: GeneratorCommand,
    evt: E,
  ): Promise<Extract<GeneratorEvent, { evt: E }>> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ evt, resolve: resolve as (event: GeneratorEvent) => void, reject });
      this.child.send(command);
    });
  }

  async exit(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ cmd: 'exit' } satisfies GeneratorCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}
