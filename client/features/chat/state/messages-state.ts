import type { MessageDto, ReactionDto, ReplyQuoteDto } from '../../../../shared/api/rooms';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { messageExcerpt } from '../../../../shared/excerpt';

/** 'pending' while the send is in flight, 'failed' when it must be retried by hand. */
export type DeliveryStatus = 'sent' | 'pending' | 'failed';

/** Why a send failed: too many messages (wait), no connection, or the server said no. */
export type SendFailure = 'rate-limited' | 'offline' | 'refused';

export interface ChatMessage extends MessageDto {
  status: DeliveryStatus;
  /** Why the last send failed (shown on the message). */
  error?: string;
  failure?: SendFailure;
  /** Rate limited: local time (ms) from which a retry may be sent. */
  retryAt?: number;
}

export interface MessagesState {
  /** Confirmed messages in time order, then unconfirmed ones in the order they were written. */
  messages: ChatMessage[];
  nextCursor: string | null;
  /**
   * Set when the loaded window ends before the newest message (opened around a linked or first
   * unread message): newer pages come from it, and live messages are counted, not shown.
   */
  newerCursor: string | null;
  /** Messages created in the room beyond the window (shown as "Jump to latest"). */
  missedNewer: number;
  loaded: boolean;
  /** The first page failed to load ("Couldn't load messages"). */
  failed: boolean;
  /** Ids deleted while a copy could still arrive (a late send answer must not bring one back). */
  deletedIds: ReadonlySet<string>;
}

export type MessagesAction =
  | { type: 'loaded'; messages: MessageDto[]; nextCursor: string | null; newerCursor?: string | null }
  | { type: 'older'; messages: MessageDto[]; nextCursor: string | null }
  | { type: 'newer'; messages: MessageDto[]; newerCursor: string | null }
  /** The newest page read again (a reader who is not a member): merged into the window. */
  | { type: 'refreshed'; messages: MessageDto[]; nextCursor: string | null }
  | { type: 'load-failed' }
  /** Forget the window (opening another message): shows nothing until the next 'loaded'. */
  | { type: 'reset' }
  | { type: 'event'; event: RoomEvent }
  | { type: 'optimistic'; message: MessageDto }
  | { type: 'sending'; clientId: string }
  | { type: 'confirmed'; message: MessageDto }
  | { type: 'failed'; clientId: string; error: string; failure?: SendFailure; retryAt?: number }
  /** The send was held for the moderators: the local copy leaves the list (shown as held instead). */
  | { type: 'withdrawn'; clientId: string }
  | { type: 'updated'; message: MessageDto }
  | { type: 'removed'; messageId: string; byModerator?: boolean }
  | { type: 'reactions'; messageId: string; reactions: ReactionDto[] };

export const initialMessagesState: MessagesState = {
  messages: [],
  nextCursor: null,
  newerCursor: null,
  missedNewer: 0,
  loaded: false,
  failed: false,
  deletedIds: new Set(),
};

export function messagesReducer(state: MessagesState, action: MessagesAction): MessagesState {
  switch (action.type) {
    case 'loaded': {
      // A (re)load replaces what the server knows; unconfirmed local messages stay.
      const local = state.messages.filter((m) => m.status !== 'sent');
      const messages = upsertAll(action.messages.map(sent), local);
      return {
        ...state,
        messages,
        nextCursor: action.nextCursor,
        newerCursor: action.newerCursor ?? null,
        missedNewer: 0,
        loaded: true,
        failed: false,
      };
    }
    case 'newer': {
      const fresh = action.messages.map((m) => (state.deletedIds.has(m.id) ? tombstone(m) : m)).map(sent);
      return {
        ...state,
        messages: upsertAll(fresh, state.messages, { keepExisting: true }),
        newerCursor: action.newerCursor,
        // Reaching the newest message: what was counted is now on screen.
        missedNewer: action.newerCursor === null ? 0 : state.missedNewer,
      };
    }
    case 'refreshed':
      return refreshed(state, action.messages, action.nextCursor);
    case 'load-failed':
      return { ...state, loaded: true, failed: true };
    case 'reset':
      return { ...initialMessagesState, deletedIds: state.deletedIds };
    case 'older': {
      // A copy fetched before its deletion arrived must not bring the text back.
      const fresh = action.messages.map((m) => (state.deletedIds.has(m.id) ? tombstone(m) : m)).map(sent);
      return {
        ...state,
        messages: upsertAll(fresh, state.messages, { keepExisting: true }),
        nextCursor: action.nextCursor,
      };
    }
    case 'optimistic':
      return { ...state, messages: [...state.messages, { ...action.message, status: 'pending' }] };
    case 'sending':
      return mapByClientId(state, action.clientId, (m) => ({
        ...m,
        status: 'pending',
        error: undefined,
        failure: undefined,
        retryAt: undefined,
      }));
    case 'failed':
      return mapByClientId(state, action.clientId, (m) =>
        m.status === 'sent'
          ? m
          : { ...m, status: 'failed', error: action.error, failure: action.failure, retryAt: action.retryAt },
      );
    case 'confirmed':
      return confirm(state, action.message, { fromEvent: false });
    case 'withdrawn':
      return {
        ...state,
        messages: state.messages.filter((m) => m.status === 'sent' || m.client_id !== action.clientId),
      };
    case 'updated':
      return replace(state, action.message);
    case 'removed':
      return remove(state, action.messageId, action.byModerator ?? false);
    case 'reactions':
      return mapById(state, action.messageId, (m) => ({ ...m, reactions: action.reactions }));
    case 'event':
      return applyEvent(state, action.event);
  }
}

function applyEvent(state: MessagesState, event: RoomEvent): MessagesState {
  switch (event.type) {
    case 'message.created':
      return confirm(state, event.message, { fromEvent: true });
    case 'message.updated':
      return replace(state, event.message);
    case 'message.deleted':
      return remove(state, event.message_id, event.by_moderator ?? false);
    case 'message.references':
      return mapById(state, event.message_id, (m) =>
        m.deleted ? m : { ...m, references: event.references.length > 0 ? event.references : undefined },
      );
    case 'reaction.added':
      return mapById(state, event.reaction.message_id, (m) =>
        m.reactions.some((r) => r.id === event.reaction.id || sameReaction(r, event.reaction))
          ? m
          : { ...m, reactions: [...m.reactions, event.reaction] },
      );
    case 'reaction.removed':
      return mapById(state, event.reaction.message_id, (m) => ({
        ...m,
        reactions: m.reactions.filter((r) => r.id !== event.reaction.id && !sameReaction(r, event.reaction)),
      }));
    default:
      return state;
  }
}

/**
 * The newest page read again (a reader who is not a member reads it every few seconds), merged
 * into the window instead of replacing it: older pages read meanwhile stay, so the list keeps the
 * reader's place. Within the page's span the page is the truth (new, edited, deleted messages,
 * reactions). A window opened around an older message only counts what is newer; a page that no
 * longer reaches the window (more came meanwhile than a page holds) replaces it.
 */
function refreshed(state: MessagesState, page: MessageDto[], nextCursor: string | null): MessagesState {
  const fresh = page.map((m) => (state.deletedIds.has(m.id) ? tombstone(m) : m)).map(sent);
  const confirmed = state.messages.filter((m) => m.status === 'sent');
  const newest = confirmed[confirmed.length - 1];
  if (!state.loaded || state.failed || !newest) {
    return messagesReducer(state, { type: 'loaded', messages: page, nextCursor });
  }
  if (state.newerCursor !== null) {
    const beyond = fresh.filter((m) => byTime(m, newest) > 0).length;
    return beyond > state.missedNewer ? { ...state, missedNewer: beyond } : state;
  }
  const oldest = fresh[0];
  const reaches = nextCursor === null || (oldest !== undefined && byTime(oldest, newest) <= 0);
  if (!reaches) return messagesReducer(state, { type: 'loaded', messages: page, nextCursor });
  const older = oldest && nextCursor !== null ? confirmed.filter((m) => byTime(m, oldest) < 0) : [];
  const local = state.messages.filter((m) => m.status !== 'sent');
  return {
    ...state,
    messages: upsertAll(fresh, [...older, ...local]),
    nextCursor: older.length > 0 ? state.nextCursor : nextCursor,
  };
}

/**
 * A server copy of a message: replaces the optimistic copy with the same client_id, or the
 * copy with the same id. The send answer and the realtime event race; whichever comes first
 * wins and the other is absorbed. An answer never overwrites an event (events are newer).
 */
function confirm(state: MessagesState, message: MessageDto, { fromEvent }: { fromEvent: boolean }): MessagesState {
  if (state.deletedIds.has(message.id)) return state;
  const index = state.messages.findIndex(
    (m) => m.id === message.id || (m.client_id === message.client_id && m.user_id === message.user_id),
  );
  // A window that ends before the newest message cannot place a new one: count it instead.
  if (index === -1 && state.newerCursor !== null) return { ...state, missedNewer: state.missedNewer + 1 };
  if (index === -1) return { ...state, messages: upsertAll([sent(message)], state.messages) };
  const existing = state.messages[index];
  if (existing?.status === 'sent' && !fromEvent) return state;
  const others = state.messages.filter((_, i) => i !== index);
  // References resolved since (a message.references event) outlive the copy made when it was sent.
  const references = message.references ?? existing?.references;
  return { ...state, messages: upsertAll([sent(references ? { ...message, references } : message)], others) };
}

function replace(state: MessagesState, message: MessageDto): MessagesState {
  if (state.deletedIds.has(message.id)) return state;
  const replaced = mapById(state, message.id, (m) => ({
    ...sent(message),
    reactions: message.reactions ?? m.reactions,
  }));
  return updateQuotes(replaced, message.id, (quote) => ({ ...quote, excerpt: messageExcerpt(message.content) }));
}

/** The replies on screen quote the original as it is now (edited text, or deleted). */
function updateQuotes(
  state: MessagesState,
  originalId: string,
  change: (quote: ReplyQuoteDto) => ReplyQuoteDto,
): MessagesState {
  if (!state.messages.some((m) => m.reply_to?.message_id === originalId)) return state;
  return {
    ...state,
    messages: state.messages.map((m) =>
      m.reply_to?.message_id === originalId ? { ...m, reply_to: change(m.reply_to) } : m,
    ),
  };
}

/**
 * A deleted message keeps its place as a tombstone ('This message was deleted', or 'Message
 * removed by a moderator'), without its text.
 */
function remove(state: MessagesState, messageId: string, byModerator: boolean): MessagesState {
  const deletedIds = new Set(state.deletedIds);
  deletedIds.add(messageId);
  const removed = {
    ...state,
    messages: state.messages.map((m) =>
      m.id === messageId ? { ...tombstone(m), ...(byModerator ? { removed_by_moderator: true } : {}) } : m,
    ),
    deletedIds,
  };
  return updateQuotes(removed, messageId, (quote) => ({ ...quote, excerpt: '', deleted: true }));
}

function tombstone<T extends MessageDto>(message: T): T {
  // A deleted message shows no references, and a deleted reply no quote, as the server presents it.
  const copy: T = { ...message, deleted: true, content: '', edited_at: null, reactions: [], references: undefined };
  delete copy.reply_to;
  return copy;
}

function mapById(state: MessagesState, id: string, change: (m: ChatMessage) => ChatMessage): MessagesState {
  if (!state.messages.some((m) => m.id === id)) return state;
  return { ...state, messages: state.messages.map((m) => (m.id === id ? change(m) : m)) };
}

function mapByClientId(state: MessagesState, clientId: string, change: (m: ChatMessage) => ChatMessage): MessagesState {
  return { ...state, messages: state.messages.map((m) => (m.client_id === clientId ? change(m) : m)) };
}

function sameReaction(a: ReactionDto, b: ReactionDto): boolean {
  return a.message_id === b.message_id && a.user_id === b.user_id && a.emoji === b.emoji;
}

function sent(message: MessageDto): ChatMessage {
  return { ...message, status: 'sent' };
}

/** Merges `incoming` into `existing` by id and restores the order (confirmed by time, then local). */
function upsertAll(
  incoming: ChatMessage[],
  existing: ChatMessage[],
  { keepExisting = false }: { keepExisting?: boolean } = {},
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) {
    if (keepExisting && byId.has(message.id)) continue;
    // The server copy of an unconfirmed local message takes its place.
    for (const [id, local] of byId) {
      if (local.status !== 'sent' && local.client_id === message.client_id && local.user_id === message.user_id) {
        byId.delete(id);
      }
    }
    byId.set(message.id, message);
  }
  const all = [...byId.values()];
  const confirmed = all.filter((m) => m.status === 'sent').sort(byTime);
  const local = all.filter((m) => m.status !== 'sent');
  return [...confirmed, ...local];
}

function byTime(a: ChatMessage, b: ChatMessage): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
