import { describe, expect, it } from 'vitest';
import { messageLink } from './message-link';

describe('messageLink', () => {
  it('points at the room with the message id, on the public origin', () => {
    expect(messageLink('https://rooms.example', 'room-1', '01JABC')).toBe(
      'https://rooms.example/chat/room-1?message=01JABC',
    );
  });

  it('ignores a trailing slash of the public URL', () => {
    expect(messageLink('http://localhost:4300/', 'r', 'm')).toBe('http://localhost:4300/chat/r?message=m');
  });
});
