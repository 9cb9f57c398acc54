import { expect, it } from 'vitest';
import { mutedUntilText } from './useRoomModeration';

it('says until when a member is muted, with the date when it is not today', () => {
  const now = new Date(2026, 10, 25, 12, 0).getTime();
  const today = mutedUntilText(new Date(2026, 10, 25, 12, 10).toISOString(), now);
  expect(today).toMatch(/^You are muted in this room until \S*12.10/);
  const tomorrow = mutedUntilText(new Date(2026, 10, 26, 12, 0).toISOString(), now);
  expect(tomorrow).toMatch(/^You are muted in this room until .*2026/);
});

it('counts the slow-mode wait in whole seconds', async () => {
  const { slowModeWaitText } = await import('./useRoomModeration');
  expect(slowModeWaitText(7)).toBe('Slow mode is on: you can send again in 7 s');
});
