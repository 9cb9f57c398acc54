import { describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, sanitizeMessage, validateMessage } from './message';

describe('validateMessage', () => {
  it('refuses empty and whitespace-only text', () => {
    expect(validateMessage('')).toBe(MESSAGE_ERRORS.empty);
    expect(validateMessage(' \n\t ')).toBe(MESSAGE_ERRORS.empty);
  });
  it('allows exactly 1000 characters and refuses 1001', () => {
    expect(validateMessage('ab'.repeat(500))).toBeNull();
    expect(validateMessage(`${'ab'.repeat(500)}c`)).toBe(MESSAGE_ERRORS.tooLong);
    expect(MESSAGE_ERRORS.tooLong).toBe('Message too long (max 1000 characters)');
  });
  it('refuses a run of 10 of one character, allows 9', () => {
    expect(validateMessage('a'.repeat(9))).toBeNull();
    expect(validateMessage(`hi ${'!'.repeat(10)}`)).toBe(MESSAGE_ERRORS.repeated);
    expect(validateMessage('😀'.repeat(10))).toBe(MESSAGE_ERRORS.repeated);
  });
  it('sanitises control characters and line endings', () => {
    expect(sanitizeMessage('  a\r\nb\u0000c\u0007  ')).toBe('a\nbc');
  });
});
