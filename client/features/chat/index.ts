// The chat feature's public entry: everything outside client/features/chat imports it from here.
export { default } from './ChatRoomPage';
