import { startEmulatorServer, type StartedEmulator } from '../../../emulator/server';

/** A standalone emulator whose requests for repositories' events are counted, with when they came. */
export interface CountingEmulator extends StartedEmulator {
  /** Times (ms) of the requests for this repository's events list. */
  eventRequests(fullName: string): number[];
  /** Makes something happen in a repository (POST /__control/activity); the answer's status and body. */
  produce(body: Record<string, unknown>): Promise<{ status: number; body: unknown }>;
}

export async function startCountingEmulator(pollIntervalSeconds: number): Promise<CountingEmulator> {
  const started = await startEmulatorServer({
    rateLimits: { coreAnonymous: 100_000, searchAnonymous: 100_000 },
    pollIntervalSeconds,
  });
  const seen = new Map<string, number[]>();
  const handle = started.emulator.handle.bind(started.emulator);
  started.emulator.handle = (req, res) => {
    const found = /^\/(?:api\/v3\/)?repos\/([^/]+\/[^/?]+)\/events(?:\?|$)/.exec(req.url ?? '');
    if (found?.[1]) {
      const key = decodeURIComponent(found[1]).toLowerCase();
      seen.set(key, [...(seen.get(key) ?? []), Date.now()]);
    }
    return handle(req, res);
  };
  return {
    ...started,
    eventRequests: (fullName) => seen.get(fullName.toLowerCase()) ?? [],
    async produce(body) {
      const response = await fetch(`${started.url}/__control/activity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}
