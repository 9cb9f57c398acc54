/** The shape of a demo conversation script (see conversations.ts). */
import type { ReactionEmoji } from '../../../shared/limits';

export interface ScriptMessage {
  by: number;
  text: string;
  /** Minutes after the previous message of the burst (default: a few minutes). */
  after?: number;
  /** The text the author later changed it to (a few minutes after sending). */
  edit?: string;
  /** Reactions: emoji and the speakers who chose it. */
  react?: Array<[ReactionEmoji, number[]]>;
}

export interface ScriptBurst {
  /** When the burst starts, in hours before the seeding moment. */
  hoursAgo: number;
  messages: ScriptMessage[];
}

export interface RoomScript {
  repo: string;
  /** Speakers taking part (the first `speakers` fictional contributors). */
  speakers: number;
  bursts: ScriptBurst[];
}
