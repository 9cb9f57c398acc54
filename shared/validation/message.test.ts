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

describe('validateMessage with invisible and control characters', () => {
  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['a Hangul filler', '\u3164'],
    ['a braille blank', '\u2800\u2800'],
    ['a lone right-to-left override', '\u202E'],
    ['joiners and selectors around spaces', ' \u200D \uFE0F \u200C '],
  ])('refuses text of only %s as blank', (_label, text) => {
    expect(validateMessage(text)).toBe(MESSAGE_ERRORS.empty);
  });

  it('does not let invisible characters split a run of repeated characters', () => {
    expect(validateMessage('!!!!!\u200B!!!!!')).toBe(MESSAGE_ERRORS.repeated);
    expect(validateMessage(['a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'].join('\u200D'))).toBe(
      MESSAGE_ERRORS.repeated,
    );
    expect(validateMessage('❤️'.repeat(10))).toBe(MESSAGE_ERRORS.repeated);
    expect(validateMessage('❤️'.repeat(9))).toBeNull();
  });

  it('refuses a character carrying more than four combining marks ("Zalgo" text)', () => {
    expect(validateMessage(`Z${'\u0336\u0489\u0301\u0316'.repeat(247)}algo`)).toBe(MESSAGE_ERRORS.combiningMarks);
    expect(validateMessage('e\u0301\u0302\u0303\u0304\u0305')).toBe('Message contains too many combining marks');
    expect(validateMessage('e\u0301\u0302\u0303\u0304 fine')).toBeNull();
  });

  it('counts the length of the text as stored', () => {
    expect(validateMessage(`${'ab'.repeat(500)}${'\u200B'.repeat(20)}`)).toBeNull();
  });

  it('accepts emoji sequences, right-to-left scripts, CJK and combining marks', () => {
    for (const text of ['👨‍👩‍👧 ❤️', 'مرحبا', 'שלום', '你好，世界', 'Zoe\u0308 cafe\u0301']) {
      expect(validateMessage(text)).toBeNull();
      expect(sanitizeMessage(text)).toBe(text);
    }
  });

  it('sanitises bidirectional controls, C1 controls and zero-width spaces', () => {
    expect(sanitizeMessage('https://evil.example/\u202Egpj.exe\u202C')).toBe('https://evil.example/gpj.exe');
    expect(sanitizeMessage('a\u009Bb\u0085c\u200Bd')).toBe('ab\ncd');
  });
});
