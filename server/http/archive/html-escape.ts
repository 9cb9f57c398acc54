const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/** Text for HTML: the five characters that could end it (most texts have none, and are kept as they are). */
export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (ch) => `&#${ch.charCodeAt(0)};`) : text;
}
