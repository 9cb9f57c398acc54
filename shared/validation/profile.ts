import { BIO_MAX, DISPLAY_NAME_MAX, USERNAME_MAX, USERNAME_MIN } from '../limits';
import { cleanMultilineText, cleanSingleLineText, hasTooManyCombiningMarks, withoutInvisibles } from './clean-text';

export const PROFILE_ERRORS = {
  usernameRequired: 'Username is required',
  usernameLength: `Username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`,
  usernameCharacters: 'Username can only contain letters, numbers, - and _',
  usernameEdges: 'Username cannot start or end with - or _',
  usernameReserved: 'This username is reserved',
  usernameTaken: 'Username is already taken',
  displayNameLength: `Display name must be ${DISPLAY_NAME_MAX} characters or less`,
  displayNameMarks: 'Display name contains too many combining marks',
  displayNameHandle: 'Display name cannot contain an @handle',
  bioLength: `Bio must be ${BIO_MAX} characters or less`,
  bioContent: 'Bio contains invalid content',
  bioMarks: 'Bio contains too many combining marks',
} as const;

export const RESERVED_USERNAMES = ['admin', 'root', 'api', 'www', 'mail', 'help', 'support', 'null', 'undefined'];

/** docs/PRODUCT.md §5: checked only when non-empty; an empty value is reported by `usernameHelper`. */
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

/**
 * A display name as stored: one line, without control, bidirectional or unneeded invisible
 * characters (the rules of message text, see clean-text.ts); '' when nothing visible remains.
 */
export function cleanDisplayName(displayName: string): string {
  return cleanSingleLineText(displayName);
}

/** A bio as stored: message-text rules, line breaks kept; '' when nothing visible remains. */
export function cleanBio(bio: string): string {
  return cleanMultilineText(bio);
}

// An at sign (or a look-alike that NFKC folds into one: fullwidth, small) directly followed by a
// letter or digit, combining marks in between ignored: what reads as someone's @handle.
const HANDLE = /@\p{M}*[\p{L}\p{N}]/u;

/**
 * Whether a display name carries something that reads as an @handle ("Ada Demo (@ada-demo)").
 * Names are shown beside their owner's real handle and GitHub login, so a handle inside one can
 * only pass its owner off as someone else. Judged with invisible characters taken out and
 * compatibility forms folded, so "(@\u200Bada)" and "(＠ada)" read as what they show.
 */
export function containsHandle(displayName: string): boolean {
  return HANDLE.test(withoutInvisibles(displayName).normalize('NFKC'));
}

/** docs/PRODUCT.md §5 rules, applied to the name as it will be stored, and no @handle inside it. */
export function validateDisplayName(displayName: string): string | null {
  const cleaned = cleanDisplayName(displayName);
  if ([...cleaned].length > DISPLAY_NAME_MAX) return PROFILE_ERRORS.displayNameLength;
  if (hasTooManyCombiningMarks(cleaned)) return PROFILE_ERRORS.displayNameMarks;
  if (containsHandle(cleaned)) return PROFILE_ERRORS.displayNameHandle;
  return null;
}

const UNSAFE_BIO_PATTERNS = [
  /<\s*\/?\s*script\b/i,
  /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i,
  /\bon[a-z]+\s*=/i,
  /<\s*\/?\s*(iframe|object|embed)\b/i,
];

/**
 * docs/PRODUCT.md §5 rules, applied to the bio as it will be stored, so an invisible character cannot hide
 * markup from the content check (`<scr\u200Bipt>` is stored as `<script>`).
 */
export function validateBio(bio: string): string | null {
  const cleaned = cleanBio(bio);
  if ([...cleaned].length > BIO_MAX) return PROFILE_ERRORS.bioLength;
  if (UNSAFE_BIO_PATTERNS.some((pattern) => pattern.test(cleaned))) return PROFILE_ERRORS.bioContent;
  if (hasTooManyCombiningMarks(cleaned)) return PROFILE_ERRORS.bioMarks;
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
