import { MESSAGE_MAX, REPEATED_CHAR_LIMIT } from '../limits';
import { cleanMultilineText, hasTooManyCombiningMarks, withoutInvisibles } from './clean-text';

export const MESSAGE_ERRORS = {
  empty: 'Message cannot be empty or only whitespace',
  tooLong: `Message too long (max ${MESSAGE_MAX} characters)`,
  repeated: 'Message contains too many repeated characters',
  combiningMarks: 'Message contains too many combining marks',
} as const;

const REPEATED_RUN = new RegExp(`([\\s\\S])\\1{${REPEATED_CHAR_LIMIT - 1},}`, 'u');

/**
 * Returns the docs/PRODUCT.md §5 message for the first broken rule, or null when the text may be sent. The
 * rules apply to the text as it will be stored (see `sanitizeMessage`): text of only invisible
 * characters is blank, and an invisible character does not break a run of repeated ones nor of
 * combining marks (at most COMBINING_MARKS_MAX on one character).
 */
export function validateMessage(text: string): string | null {
  return validateCleanedMessage(sanitizeMessage(text));
}

/** validateMessage for a text already passed through sanitizeMessage (not cleaned again). */
export function validateCleanedMessage(cleaned: string): string | null {
  if (cleaned.length === 0) return MESSAGE_ERRORS.empty;
  if ([...cleaned].length > MESSAGE_MAX) return MESSAGE_ERRORS.tooLong;
  if (REPEATED_RUN.test(withoutInvisibles(cleaned))) return MESSAGE_ERRORS.repeated;
  if (hasTooManyCombiningMarks(cleaned)) return MESSAGE_ERRORS.combiningMarks;
  return null;
}

/**
 * Normalises text before it is stored: line endings, control characters, bidirectional controls
 * and unneeded invisible characters (see clean-text.ts); trimmed, '' when nothing visible remains.
 * Rendering never interprets HTML, so markup is kept as typed (it is shown, not run).
 */
export function sanitizeMessage(text: string): string {
  return cleanMultilineText(text);
}
