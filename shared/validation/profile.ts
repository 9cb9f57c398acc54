import { BIO_MAX, DISPLAY_NAME_MAX, USERNAME_MAX, USERNAME_MIN } from '../limits';

export const PROFILE_ERRORS = {
  usernameRequired: 'Username is required',
  usernameLength: `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`,
  usernameCharacters: 'Username can only contain letters, numbers, - and _',
  usernameEdges: 'Username cannot start or end with - or _',
  usernameReserved: 'This username is reserved',
  usernameTaken: 'Username is already taken',
  displayNameLength: `Display name must be ${DISPLAY_NAME_MAX} characters or less`,
  bioLength: `Bio must be ${BIO_MAX} characters or less`,
  bioContent: 'Bio contains invalid content',
} as const;

export const RESERVED_USERNAMES = ['admin', 'root', 'api', 'www', 'mail', 'help', 'support', 'null', 'undefined'];

/** SPEC §5: checked only when non-empty; an empty value is reported by `usernameHelper`. */
export function validateUsername(username: string): string | null {
  if (username.length === 0) return null;
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return PROFILE_ERRORS.usernameLength;
  if (!/^[A-Za-z0-9_-]+$/.test(username)) return PROFILE_ERRORS.usernameCharacters;
  if (/^[-_]|[-_]$/.test(username)) return PROFILE_ERRORS.usernameEdges;
  if (RESERVED_USERNAMES.includes(username.toLowerCase())) return PROFILE_ERRORS.usernameReserved;
  return null;
}

/** Helper text under the username field. */
export function usernameHelper(username: string): string | null {
  return username.length === 0 ? PROFILE_ERRORS.usernameRequired : validateUsername(username);
}

export function validateDisplayName(displayName: string): string | null {
  return [...displayName].length > DISPLAY_NAME_MAX ? PROFILE_ERRORS.displayNameLength : null;
}

const UNSAFE_BIO_PATTERNS = [
  /<\s*\/?\s*script\b/i,
  /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i,
  /\bon[a-z]+\s*=/i,
  /<\s*\/?\s*(iframe|object|embed)\b/i,
];

export function validateBio(bio: string): string | null {
  if ([...bio].length > BIO_MAX) return PROFILE_ERRORS.bioLength;
  if (UNSAFE_BIO_PATTERNS.some((pattern) => pattern.test(bio))) return PROFILE_ERRORS.bioContent;
  return null;
}

export interface ProfileEdit {
  username: string;
  display_name: string;
  bio: string;
}

/** First broken rule across the editable fields, in the order the form shows them. */
export function validateProfileEdit(edit: ProfileEdit): string | null {
  return validateUsername(edit.username) ?? validateDisplayName(edit.display_name) ?? validateBio(edit.bio);
}
