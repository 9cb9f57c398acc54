// The search feature's public entry: everything outside client/features/search imports it from here.
// Its pieces load their code on demand (the page with its route, the room's panel when first opened),
// so what every page's first load carries of search is these few lines.
import { lazy } from 'react';

// /search and /mentions (the page tells them apart).
export const MessageSearchPage = lazy(() => import('./MessageSearchPage'));

/** Downloads the room's search panel (call on hover or focus of what opens it). */
export const preloadRoomSearch = () => import('./RoomSearchSheetView');
/** A room's "Search messages" panel: { roomId, open, onOpenChange }. */
export const RoomSearchSheet = lazy(preloadRoomSearch);
