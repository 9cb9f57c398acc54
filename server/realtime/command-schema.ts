import { z } from 'zod';
import type { ClientCommand } from '../../shared/realtime/protocol';
import { isUuid } from '../../shared/text';

const roomId = z.string().refine(isUuid, 'room_id must be a room id');
const seq = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('room.subscribe'), room_id: roomId, after_seq: seq.optional() }),
  z.object({ type: z.literal('room.unsubscribe'), room_id: roomId }),
  z.object({ type: z.literal('room.replay'), room_id: roomId, after_seq: seq }),
  z.object({ type: z.literal('typing'), room_id: roomId }),
  z.object({ type: z.literal('ping'), ref: z.string().max(100).optional() }),
]);

export const COMMAND_TYPES: ReadonlySet<string> = new Set([
  'room.subscribe',
  'room.unsubscribe',
  'room.replay',
  'typing',
  'ping',
]);

export type ParsedCommand =
  | { ok: true; command: ClientCommand }
  | { ok: false; code: 'bad_frame' | 'unknown_type'; message: string; refType?: string };

/** Turns one text frame into a command, or says precisely what is wrong with it. */
export function parseCommand(text: string): ParsedCommand {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: 'bad_frame', message: 'Frames must be JSON objects' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, code: 'bad_frame', message: 'Frames must be JSON objects' };
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return { ok: false, code: 'bad_frame', message: 'Frames need a string "type"' };
  if (!COMMAND_TYPES.has(type)) {
    return {
      ok: false,
      code: 'unknown_type',
      message: `Unknown frame type "${type.slice(0, 40)}"`,
      refType: type.slice(0, 40),
    };
  }
  const parsed = commandSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, code: 'bad_frame', message: `${where}${issue?.message ?? 'invalid frame'}`, refType: type };
  }
  return { ok: true, command: parsed.data };
}
