import type { ClientCommand, ServerFrame } from '../../shared/realtime/protocol';
import { CLIENT_COMMAND_TYPES, clientCommand } from '../../shared/realtime/protocol.schemas';

export type ParsedCommand =
  | { ok: true; command: ClientCommand }
  | {
      ok: false;
      code: 'bad_frame' | 'unknown_type' | 'validation_failed';
      message: string;
      refType?: string;
      /** A `message.send` that breaks the send rules: answered like the HTTP route (400). */
      refusal?: SendRefusal;
    };

/** What an error frame adds for a refused `message.send`. */
export type SendRefusal = Pick<
  Extract<ServerFrame, { type: 'error' }>,
  'client_id' | 'status' | 'retry_after_seconds' | 'reason'
>;

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
    const clientId = (value as { client_id?: unknown }).client_id;
    if (type === 'message.send' && typeof clientId === 'string') {
      // Worded as the HTTP route words the same body (its parseInput), so a client shows either alike.
      return {
        ok: false,
        code: 'validation_failed',
        message: `${where}${issue?.message ?? 'Invalid input'}`,
        refType: type,
        refusal: { client_id: clientId.slice(0, 100), status: 400 },
      };
    }
    return { ok: false, code: 'bad_frame', message: `${where}${issue?.message ?? 'invalid frame'}`, refType: type };
  }
  return { ok: true, command: parsed.data };
}
