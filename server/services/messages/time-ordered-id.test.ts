import { describe, expect, it } from 'vitest';
import { isUuid } from '../../../shared/text';
import { decodeCursor, encodeCursor } from './message-cursor';
import { timeOrderedId } from './time-ordered-id';

describe('time-ordered message ids', () => {
  it('are UUIDs that sort in creation order, also within one millisecond', () => {
    const t = Date.parse('2026-05-01T10:00:00.000Z');
    const ids = [
      ...Array.from({ length: 50 }, () => timeOrderedId(t)),
      ...Array.from({ length: 5 }, () => timeOrderedId(t + 1)),
    ];
    expect(ids.every(isUuid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('message cursors', () => {
  it('round-trip and reject anything forged', () => {
    const position = { created_at: '2026-05-01T10:00:00.000Z', id: timeOrderedId() };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    expect(decodeCursor('garbage')).toBeNull();
    expect(decodeCursor(Buffer.from('2026-05-01|x').toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from(`not-a-date|${position.id}`).toString('base64url'))).toBeNull();
  });
});
