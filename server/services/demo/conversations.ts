/**
 * The conversations demo mode starts with (see demo-content.service.ts). Each room's speakers are
 * numbered: 0 is the first fictional contributor of the repository in the emulator's dataset, 1
 * the next, and so on; `@{n}` in a text becomes speaker n's @username. Bursts are placed relative
 * to the moment of seeding, so the site always looks recently used.
 */
import type { RoomScript } from './conversation-script';
import { REACT_CONVERSATION } from './conversations/react';
import { RUST_CONVERSATION } from './conversations/rust';
import { VITE_CONVERSATION } from './conversations/vite';
import { CPYTHON_CONVERSATION } from './conversations/cpython';
import { TYPESCRIPT_CONVERSATION } from './conversations/typescript';
import { KUBERNETES_CONVERSATION } from './conversations/kubernetes';

export type { RoomScript, ScriptBurst, ScriptMessage } from './conversation-script';

export const DEMO_CONVERSATIONS: RoomScript[] = [
  REACT_CONVERSATION,
  RUST_CONVERSATION,
  VITE_CONVERSATION,
  CPYTHON_CONVERSATION,
  TYPESCRIPT_CONVERSATION,
  KUBERNETES_CONVERSATION,
];
