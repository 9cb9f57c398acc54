import type { ClientCommand } from '../../shared/realtime/protocol';
import { CLIENT_COMMAND_TYPES, clientCommand } from '../../shared/realtime/protocol.schemas';

export type ParsedCommand =
  | { ok: true; command: ClientCommand }
  | { ok: false; code: 'bad_frame' | 'unknown_type'; message: string; refType?: string };

/** Turns one text frame into a command of the protocol, or says precisely what is wrong with it. */
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
  if (!CLIENT_COMMAND_TYPES.has(type)) {
    return {
      ok: false,
      code: 'unknown_type',
      message: `Unknown frame type "${type.slice(0, 40)}"`,
      refType: type.slice(0, 40),
    };
  }
  const parsed = clientCommand.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, code: 'bad_frame', message: `${where}${issue?.message ?? 'invalid frame'}`, refType: type };
  }
  return { ok: true, command: parsed.data };
}
