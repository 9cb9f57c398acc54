import { describe, expect, it } from 'vitest';
import {
  cleanBio,
  cleanDisplayName,
  PROFILE_ERRORS,
  usernameHelper,
  validateBio,
  validateDisplayName,
  validateUsername,
  containsHandle,
} from './profile';

describe('profile validation (docs/PRODUCT.md §5)', () => {
  it('checks usernames only when non-empty, with the helper for empty', () => {
    expect(validateUsername('')).toBeNull();
    expect(usernameHelper('')).toBe('Username is required');
  });
  it.each([
    ['ab', PROFILE_ERRORS.usernameLength],
    ['a'.repeat(21), PROFILE_ERRORS.usernameLength],
    ['has space', PROFILE_ERRORS.usernameCharacters],
    ['ünï', PROFILE_ERRORS.usernameCharacters],
    ['-lead', PROFILE_ERRORS.usernameEdges],
    ['trail_', PROFILE_ERRORS.usernameEdges],
    ['ADMIN', PROFILE_ERRORS.usernameReserved],
    ['Undefined', PROFILE_ERRORS.usernameReserved],
  ])('%s → %s', (username, message) => {
    expect(validateUsername(username)).toBe(message);
  });
  it('accepts a good username', () => {
    expect(validateUsername('ada_lovelace-1')).toBeNull();
  });
  it('limits display names to 50 characters', () => {
    expect(validateDisplayName('x'.repeat(50))).toBeNull();
    expect(validateDisplayName('x'.repeat(51))).toBe('Display name must be 50 characters or less');
  });
  it('refuses display names and bios with a character under more than four combining marks', () => {
    expect(validateDisplayName('Ada\u0301\u0302\u0303\u0304\u0305')).toBe(
      'Display name contains too many combining marks',
    );
    expect(validateDisplayName('Nguye\u0302\u0303n')).toBeNull();
    expect(validateBio(`hi o${'\u0336'.repeat(40)}`)).toBe('Bio contains too many combining marks');
    expect(validateBio('Tie\u0302\u0301ng Vie\u0323\u0302t')).toBeNull();
  });
  it('refuses display names carrying an @handle, however it is disguised', () => {
    for (const name of [
      'Ada Demo (@ada-demo)',
      '@ada',
      'Ada @ada-demo',
      'Ada (\uFF20ada-demo)',
      'Ada (\uFE6Bada-demo)',
      'Ada (@\u200Dada-demo)',
      'Ada (@\u0301ada-demo)',
      'Ada (@7)',
    ]) {
      expect(validateDisplayName(name), name).toBe('Display name cannot contain an @handle');
    }
  });
  it('keeps display names whose at sign is not followed by a handle', () => {
    for (const name of ['Jane @ Acme', 'Ada Demo', 'Q&A bot', '@', 'Zoë (she/her)']) {
      expect(containsHandle(name), name).toBe(false);
      expect(validateDisplayName(name), name).toBeNull();
    }
  });
  it('limits bios to 500 characters and refuses unsafe markup', () => {
    expect(validateBio('x'.repeat(500))).toBeNull();
    expect(validateBio('x'.repeat(501))).toBe('Bio must be 500 characters or less');
    for (const bad of [
      '<script>x</script>',
      'JavaScript:alert(1)',
      '<img onerror=x>',
      '<iframe src=x>',
      '<object>',
      '<embed>',
    ]) {
      expect(validateBio(bad)).toBe('Bio contains invalid content');
    }
    expect(validateBio('I write <b>compilers</b> & play chess')).toBeNull();
  });
});

describe('display name and bio cleaning', () => {
  it('removes bidirectional overrides and control characters from display names', () => {
    expect(cleanDisplayName('\u202Enimda\u0007\u001B[2J')).toBe('nimda[2J');
    expect(cleanDisplayName('Ada\nLovelace')).toBe('Ada Lovelace');
    expect(cleanDisplayName('\u3164\u200B')).toBe('');
  });
  it('keeps legitimate names', () => {
    for (const name of ['Zoë Ångström', 'محمد', 'דוד', '山田太郎', '👩‍💻 Ada ❤️']) {
      expect(cleanDisplayName(name)).toBe(name);
    }
  });
  it('checks the display name length as stored', () => {
    expect(validateDisplayName(`${'x'.repeat(50)}\u202E\u200B`)).toBeNull();
    expect(validateDisplayName('x'.repeat(51))).toBe(PROFILE_ERRORS.displayNameLength);
  });
  it('cleans bios, keeping line breaks', () => {
    expect(cleanBio('line one\r\n\u202Eline two\u0085three\u0007')).toBe('line one\nline two\nthree');
  });
  it('finds markup hidden by invisible characters in a bio', () => {
    expect(validateBio('<scr\u200Bipt>alert(1)</script>')).toBe(PROFILE_ERRORS.bioContent);
    expect(validateBio('java\u2060script:alert(1)')).toBe(PROFILE_ERRORS.bioContent);
  });
});
