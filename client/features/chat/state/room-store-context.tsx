import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import { initialRoomView, roomReducer, type RoomAction, type RoomView } from './room-store';

/** The room's state behind a subscription: components read the slices they show. */
export interface RoomStore {
  getState(): RoomView;
  subscribe(listener: () => void): () => void;
  dispatch(action: RoomAction): void;
}

export function createRoomStore(initial: RoomView = initialRoomView): RoomStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      const next = roomReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

/** What the room's components can ask for besides reading: pages, retries, typing. */
export interface RoomCommands {
  loadOlder(): void;
  loadNewer(): void;
  /** Loads the newest page (the window ends before it); resolves when it is shown. */
  jumpToLatest(): Promise<unknown>;
  /** "Try again" after the first snapshot failed. */
  retryLoad(): void;
  /** Call on every keystroke; the signal goes out at most once per 1.8 s. */
  notifyTyping(): void;
}

const RoomStoreContext = createContext<{ store: RoomStore; commands: RoomCommands } | null>(null);

export function RoomStoreProvider({
  store,
  commands,
  children,
}: {
  store: RoomStore;
  commands: RoomCommands;
  children: ReactNode;
}) {
  return <RoomStoreContext value={{ store, commands }}>{children}</RoomStoreContext>;
}

function useRoomContext() {
  const context = use(RoomStoreContext);
  if (!context) throw new Error('useRoom needs a RoomStoreProvider');
  return context;
}

/**
 * A slice of the room's state; the component renders again only when that slice changes. The
 * selector must return a part of the state (or a primitive), not a new object.
 */
export function useRoom<T>(select: (view: RoomView) => T): T {
  return useStoreSlice(useRoomContext().store, select);
}

/** The same, given the store itself (the page that holds it, above the provider). */
export function useStoreSlice<T>(store: RoomStore, select: (view: RoomView) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

/** The store itself (for hooks that read several slices with useStoreSlice). */
export function useRoomStore(): RoomStore {
  return useRoomContext().store;
}

export function useRoomCommands(): RoomCommands {
  return useRoomContext().commands;
}
