import { defineConfig } from 'vitest/config';

/**
 * Fault tests: each file starts its own PostgreSQL, Redis and product processes on free loopback
 * ports and kills them on purpose. One file at a time: they load the machine's two cores.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: new URL('../../..', import.meta.url).pathname,
    include: ['server/testing/faults/**/*.fault-test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
