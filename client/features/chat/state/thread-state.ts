import type { MessageDto } from '../../../../shared/api/rooms';
import type { ThreadResponse } from '../../../../shared/api/threads';
import type { RoomEvent } from '../../../../shared/realtime/protocol';
import { initialMessagesState, messagesReducer, type MessagesState } from './messages-state';

/**
 * A thread as its panel shows it: the root, a window of its replies (the same messages state a
 * room keeps, with cursors to older and newer pages), and the caller's standing in it. Room
 * events that concern the thread apply to it in place, so a thread of a thousand replies is read
 * one page at a time and never again in full.
 */
export interface ThreadView {
  root: MessageDto | null;
  replies: MessagesState;
  following: boolean;
  canMarkAnswer: boolean;
  status: 'loading' | 'ready' | 'failed';
  /**
   * Events received while the thread is being read (null when it is not): the page may have been
   * read before them, so they apply again once it arrives (applying an event twice changes nothing).
   */
  pending: RoomEvent[] | null;
}

export type ThreadAction =
  /** The thread is read (again) from the server. */
  | { type: 'loading' }
  | { type: 'loaded'; response: ThreadResponse }
  | { type: 'older'; response: ThreadResponse }
  | { type: 'newer'; response: ThreadResponse }
  | { type: 'load-failed' }
  | { type: 'event'; event: RoomEvent }
  | { type: 'following'; following: boolean }
  /** The answer to one's own send (its event may come before or after it). */
  | { type: 'sent'; message: MessageDto };

export const initialThreadView: ThreadView = {
  root: null,
  replies: initialMessagesState,
  following: false,
  canMarkAnswer: false,
  status: 'loading',
  pending: null,
};

export function threadReducer(state: ThreadView, action: ThreadAction): ThreadView {
  switch (action.type) {
    case 'loading':
      return { ...state, pending: [] };
    case 'loaded': {
      const { response } = action;
      const loaded: ThreadView = {
        root: response.root,
        replies: messagesReducer(state.replies, {
          type: 'loaded',
          messages: response.replies,
          nextCursor: response.older_cursor,
          newerCursor: response.newer_cursor,
        }),
        following: response.following,
        canMarkAnswer: response.can_mark_answer,
        status: 'ready',
        pending: null,
      };
      return (state.pending ?? []).reduce(applyThreadEvent, loaded);
    }
    case 'older':
      return {
        ...state,
        replies: messagesReducer(state.replies, {
          type: 'older',
          messages: action.response.replies,
          nextCursor: action.response.older_cursor,
        }),
      };
    case 'newer':
      return {
        ...state,
        replies: messagesReducer(state.replies, {
          type: 'newer',
          messages: action.response.replies,
          newerCursor: action.response.newer_cursor,
        }),
      };
    case 'load-failed':
      return { ...state, pending: null, status: state.status === 'ready' ? 'ready' : 'failed' };
    case 'following':
      return { ...state, following: action.following };
    case 'sent':
      return { ...state, replies: messagesReducer(state.replies, { type: 'confirmed', message: action.message }) };
    case 'event': {
      const next = applyThreadEvent(state, action.event);
      return state.pending ? { ...next, pending: [...state.pending, action.event] } : next;
    }
  }
}

/** Whether a room event changes what the thread shows (the root, its summary or a reply on screen). */
export function concernsThread(state: ThreadView, rootId: string, event: RoomEvent): boolean {
  switch (event.type) {
    case 'thread.updated':
      return event.root_id === rootId;
    case 'message.created':
      return event.message.thread_root_id === rootId;
    case 'message.updated':
      return shows(state, rootId, event.message.id);
    case 'message.deleted':
    case 'message.references':
      return shows(state, rootId, event.message_id);
    case 'reaction.added':
    case 'reaction.removed':
      return shows(state, rootId, event.reaction.message_id);
    default:
      return false;
  }
}

function shows(state: ThreadView, rootId: string, messageId: string): boolean {
  return messageId === rootId || state.replies.messages.some((m) => m.id === messageId);
}

function applyThreadEvent(state: ThreadView, event: RoomEvent): ThreadView {
  const root = state.root;
  if (!root || !concernsThread(state, root.id, event)) return state;
  if (event.type === 'thread.updated') {
    const { thread: _old, ...rest } = root;
    return { ...state, root: event.thread ? { ...rest, thread: event.thread } : rest };
  }
  if (event.type !== 'message.created' && targetOf(event) === root.id) {
    // The root goes through the same rules as any message on screen (edits, tombstones, reactions).
    const single = messagesReducer(
      { ...initialMessagesState, messages: [{ ...root, status: 'sent' }], loaded: true },
      { type: 'event', event },
    );
    const next = single.messages[0];
    if (!next) return state;
    const { status: _status, ...message } = next;
    const updated = message as MessageDto;
    return { ...state, root: root.thread ? { ...updated, thread: root.thread } : updated };
  }
  return { ...state, replies: messagesReducer(state.replies, { type: 'event', event }) };
}

function targetOf(event: RoomEvent): string | undefined {
  switch (event.type) {
    case 'message.updated':
      return event.message.id;
    case 'message.deleted':
    case 'message.references':
      return event.message_id;
    case 'reaction.added':
    case 'reaction.removed':
      return event.reaction.message_id;
    default:
      return undefined;
  }
}
