/**
 * What only a signed-in user renders at once, in one chunk that visitors never download (one lazy
 * import costs the home page's first load less than one per piece): the header's "Mentions" and
 * "Threads" buttons, with the live unread counts, the sidebar's list of chats and the unread badges.
 */
export { default as SignedInHeaderButtons } from './SignedInHeaderButtons';
export { SidebarRoomList, UnreadBadges } from './SidebarRoomEntry';
