import { pathToFileURL } from 'node:url';
import { startEmulatorServer } from './start';

export { startEmulatorServer, type StartedEmulator } from './start';

/**
 * Standalone entry: `node --import tsx emulator/server.ts` (port from EMULATOR_PORT, default 3001;
 * X-Poll-Interval from EMULATOR_POLL_INTERVAL_SECONDS, default 60).
 */
async function main(): Promise<void> {
  const port = Number(process.env.EMULATOR_PORT ?? 3001);
  const poll = process.env.EMULATOR_POLL_INTERVAL_SECONDS;
  const started = await startEmulatorServer({ port, ...(poll ? { pollIntervalSeconds: Number(poll) } : {}) });
  console.log(
    `GitHub emulator listening on ${started.url} (REST ${started.url}/api/v3, OAuth ${started.url}/login/oauth/authorize)`,
  );
  const stop = (): void => {
    void started.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
