/**
 * The name a person is shown by, everywhere (messages, members, search results, notifications,
 * menus): the display name they chose, else their username, else their GitHub login, else
 * `fallback`. A blank name (an empty string or only spaces) counts as none; names are shown trimmed.
 */
export interface NamedPerson {
  display_name?: string | null | undefined;
  username?: string | null | undefined;
  /** The GitHub login, as user summaries carry it. */
  github_login?: string | null | undefined;
  /** The GitHub login, as profiles carry it. */
  github_username?: string | null | undefined;
}

/** What a person with no name at all is called where the text needs one. */
export const NAMELESS = 'Unknown user';

export function displayName(person: NamedPerson, fallback: string = NAMELESS): string {
  // One expression: this runs on every page (the account menu, page titles) and stays small.
  return (
    person.display_name?.trim() ||
    person.username?.trim() ||
    person.github_login?.trim() ||
    person.github_username?.trim() ||
    fallback
  );
}
