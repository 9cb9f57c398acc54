import { MESSAGE_MAX, REPEATED_CHAR_LIMIT } from '../limits';

export const MESSAGE_ERRORS = {
  empty: 'Message cannot be empty or only whitespace',
  tooLong: `Message too long (max ${MESSAGE_MAX} characters)`,
  repeated: 'Message contains too many repeated characters',
} as const;

const REPEATED_RUN = new RegExp(`([\\s\\S])\\1{${REPEATED_CHAR_LIMIT - 1},}`, 'u');

/** Returns the SPEC §5 message for the first broken rule, or null when the text may be sent. */
export function validateMessage(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return MESSAGE_ERRORS.empty;
  if ([...trimmed].length > MESSAGE_MAX) return MESSAGE_ERRORS.tooLong;
  if (REPEATED_RUN.test(trimmed)) return MESSAGE_ERRORS.repeated;
  return null;
}

/**
 * Normalises text before it is stored: trims it, removes control characters other than
 * newline and tab, and normalises line endings. Rendering never interprets HTML, so markup
 * is kept as typed (it is shown, not run).
 */
export function sanitizeMessage(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .trim()
  );
}
