/** Business constants (docs/PRODUCT.md §9). One place, used by the client and the server. */
export const PRODUCT_NAME = 'RepoRooms';
export const TAGLINE = 'Chat about GitHub Repos';
export const DEFAULT_TITLE = `${PRODUCT_NAME} - ${TAGLINE}`;
export const DEFAULT_DESCRIPTION = `Find and join chat rooms for GitHub repositories. Discuss issues, features, and collaborate with contributors on ${PRODUCT_NAME}`;

export const SEARCH_MIN_LENGTH = 3; // "more than 2 characters"
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** A username its owner changed away from stays theirs this long: nobody else can pass for them with it. */
export const USERNAME_RESERVATION_DAYS = 30;
/** New usernames a user may try per hour: each is checked against GitHub (is it someone's login?). */
export const USERNAME_CHECK_RATE = { limit: 10, windowMs: 3_600_000 } as const;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const STAR_FILTER_MAX = 100_000;
export const STAR_FILTER_STEP = 1000;
export const TRENDING_MIN_STARS = 10_000;

export const LANGUAGE_FILTERS = [
  'All Languages',
  'JavaScript',
  'TypeScript',
  'Python',
  'Java',
  'Go',
  'Rust',
  'C++',
  'C#',
  'PHP',
  'Ruby',
  'Swift',
  'Kotlin',
] as const;
export const QUICK_LANGUAGES = ['JavaScript', 'TypeScript', 'Python', 'Go', 'Rust', 'Java'] as const;
export const EXPLORE_TOPICS = [
  'open-source',
  'ai',
  'frontend',
  'devtools',
  'cli',
  'testing',
  'database',
  'security',
  'design-system',
  'networking',
] as const;

export const ACTIVITY_LEVELS = ['all', 'no_chats', 'some_chats', 'active'] as const;
export const ACTIVITY_LABELS: Record<(typeof ACTIVITY_LEVELS)[number], string> = {
  all: 'All Activity',
  no_chats: 'No Chats Yet',
  some_chats: 'Some Activity',
  active: 'Very Active',
};
export const DATE_RANGES = ['all', 'week', 'month', 'year', '2024', '2023'] as const;
export const CHAT_STATUSES = ['all', 'with_chats', 'no_chats'] as const;
/** Activity by active member count: none = 0, some = 1-4, active = 5+. */
export const ACTIVE_MEMBER_THRESHOLD = 5;

export const CARD_LIST_LIMIT = 6;
export const ACTIVE_LIST_LIMIT = 6;
export const CONTINUE_CHATS_LIMIT = 6;
export const HOME_ISSUES_LIMIT = 6;
export const ISSUE_LABELS_SHOWN = 3;
export const ROOM_ISSUES_LIMIT = 5;
export const MOBILE_ISSUES_LIMIT = 3;

export const PUBLIC_REPOSITORIES_LIMIT = 12;
export const PUBLIC_CONTRIBUTIONS_LIMIT = 10;
export const PUBLIC_LANGUAGES_LIMIT = 6;

export const MESSAGE_MAX = 1000;
export const REPEATED_CHAR_LIMIT = 10;
/**
 * Combining marks one character may carry (accents, vowel signs, stacked consonants): real
 * writing needs at most three or four; "Zalgo" text piles hundreds on a letter, drawn over the
 * lines around it.
 */
export const COMBINING_MARKS_MAX = 4;
export const MESSAGE_RATE = { limit: 10, windowMs: 60_000 } as const;
export const JOIN_RATE = { limit: 5, windowMs: 3_600_000 } as const;
/**
 * Server-side limits on the other chat writes (docs/PRODUCT.md §5): each edit and each reaction
 * toggle is a room event, and a burst of them would push real history out of the replay window.
 * Edits: as many as sends. Reactions: three times that, for quick add/remove clicks.
 */
export const EDIT_RATE = { limit: 10, windowMs: 60_000 } as const;
export const REACTION_RATE = { limit: 30, windowMs: 60_000 } as const;
export const TYPING_THROTTLE_MS = 1800;
/**
 * The server relays one typing signal per user and room per this interval: a little under the
 * client's throttle, so a signal that arrives early through network jitter is not dropped (which
 * would make the indicator flicker for everyone watching).
 */
export const TYPING_RELAY_INTERVAL_MS = TYPING_THROTTLE_MS - 300;
export const TYPING_EXPIRY_MS = 3000;
export const TYPING_STALE_MS = 2500;
export const NEW_MEMBER_MS = 5 * 60_000;

export const ROOM_TOPICS_LIMIT = 10;
export const ROOM_CONTRIBUTORS_LIMIT = 10;
export const ROOM_RELEASES_LIMIT = 3;

export const MENTION_MIN = 3;
export const MENTION_MAX = 20;
export const MENTION_QUERY_MAX = 24;

/** GET /api/me/rooms?limit= at most (the home page reads this many to mark rooms the user is in). */
export const MY_ROOMS_LIMIT_MAX = 50;
export const SIDEBAR_LIMIT = 12;
export const SIDEBAR_COLLAPSED_LIMIT = 6;
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const MOBILE_BREAKPOINT = 768;

export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 30_000;
export const QUERY_STALE_MS = 5 * 60_000;
export const REACTION_EMOJIS = ['👍', '🎉', '❤️', '😄', '😢', '👀'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];
/**
 * Message searches per signed-in user (like Slack's 20 a minute): each one reads the index of
 * every room the user is in, so a script searching without pause is stopped early.
 */
export const SEARCH_RATE = { limit: 20, windowMs: 60_000 } as const;
