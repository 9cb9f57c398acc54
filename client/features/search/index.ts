// The search feature's public entry: everything outside client/features/search imports it from here.
// Both pieces load their real code on demand: the page with its route, the panel when first opened.
import { lazy } from 'react';

// /search and /mentions (the page tells them apart).
export const MessageSearchPage = lazy(() => import('./MessageSearchPage'));
export { RoomSearch } from './RoomSearch';
