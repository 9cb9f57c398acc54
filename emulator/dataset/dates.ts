/** Fixed reference date of the bundled dataset: generated timestamps are relative to it, never to the wall clock. */
export const DATASET_AS_OF = '2025-05-01';
export const DATASET_AS_OF_MS = Date.UTC(2025, 4, 1);

export const DAY_MS = 86_400_000;

/** ISO 8601 without milliseconds, the way GitHub prints timestamps. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** `YYYY-MM-DD` of a UTC timestamp. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start (00:00 UTC) of the day containing `ms`. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}
