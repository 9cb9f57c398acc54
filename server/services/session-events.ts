import type { EventBus } from '../bus/event-bus';

/** Bus channel on which sign-out announces ended sessions to every process. */
export const SESSIONS_CHANNEL = 'sessions';

export interface SessionEndedMessage {
  type: 'session.ended';
  session_id: string;
}

/** Call after destroying a session: every process closes that session's sockets (4001). */
export async function publishSessionEnded(bus: EventBus, sessionId: string): Promise<void> {
  await bus.publish(SESSIONS_CHANNEL, JSON.stringify({ type: 'session.ended', session_id: sessionId }));
}

export function parseSessionEnded(raw: string): string | null {
  try {
    const value = JSON.parse(raw) as Partial<SessionEndedMessage>;
    return value.type === 'session.ended' && typeof value.session_id === 'string' ? value.session_id : null;
  } catch {
    return null;
  }
}
