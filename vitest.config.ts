import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{server,shared,emulator,scripts,bench}/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/*.security.test.ts', '**/node_modules/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['{server,emulator}/**/*.integration.test.ts'],
          // The OAuth attack tests (state, code, PKCE) belong to the security suite.
          exclude: [
            '**/node_modules/**',
            'server/security/**',
            'server/http/routes/auth/**',
            'server/services/auth/**',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: test files share PostgreSQL, Redis and the CPU; keep the run predictable.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'security',
          environment: 'node',
          include: [
            'server/security/**/*.security.test.ts',
            'server/http/routes/auth/**/*.integration.test.ts',
            'server/services/auth/**/*.integration.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          sequence: { groupOrder: 2 },
          include: ['client/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
