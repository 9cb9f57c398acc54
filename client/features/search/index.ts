// The search feature's public entry: everything outside client/features/search imports it from here.
export { default } from './MessageSearchPage';
export { RoomSearchSheet } from './RoomSearchSheet';
