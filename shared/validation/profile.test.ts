import { describe, expect, it } from 'vitest';
import { PROFILE_ERRORS, usernameHelper, validateBio, validateDisplayName, validateUsername } from './profile';

describe('profile validation (SPEC §5)', () => {
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
