import { randomUUID } from 'node:crypto';
import type { ChatUser } from './chat-fixture';

/** How long one message is retried before the sender gives up (the assertions then report it). */
const GIVE_UP_AFTER_MS = 60_000;

export interface SendOutcome {
  status: number;
  /** Set when the server answered 2xx with a message. */
  messageId?: string;
  retryAfterSeconds?: number;
  /** Network failure (connection refused or reset): no answer at all. */
  networkError?: string;
}

/** One POST /api/rooms/:roomId/messages through the real HTTP API, as a browser would send it. */
export async function postMessage(
  origin: string,
  user: ChatUser,
  roomId: string,
  clientId: string,
  content: string,
  timeoutMs = 15_000,
): Promise<SendOutcome> {
  try {
    const response = await fetch(`${origin}/api/rooms/${roomId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: user.cookie },
      body: JSON.stringify({ client_id: clientId, content }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const body = safeJson(text) as { message?: { id?: string }; error?: { retryAfterSeconds?: number } } | undefined;
    return {
      status: response.status,
      ...(typeof body?.message?.id === 'string' ? { messageId: body.message.id } : {}),
      ...(typeof body?.error?.retryAfterSeconds === 'number'
        ? { retryAfterSeconds: body.error.retryAfterSeconds }
        : {}),
    };
  } catch (error) {
    return { status: 0, networkError: error instanceof Error ? error.message : String(error) };
  }
}

export interface Attempt {
  clientId: string;
  roomId: string;
  userId: string;
  startedAt: number;
  endedAt: number;
  outcome: SendOutcome;
}

export interface SenderLog {
  /** Every send attempt, retries included. */
  attempts: Attempt[];
  /** client_id → message id, for every acknowledged (2xx) send. */
  acknowledged: Map<string, string>;
  /** Every client_id any sender tried (acknowledged or not). */
  tried: Set<string>;
}

export function createSenderLog(): SenderLog {
  return { attempts: [], acknowledged: new Map(), tried: new Set() };
}

export interface SenderPlan {
  user: ChatUser;
  roomId: string;
  messages: number;
  /** Pause between messages (ms), jittered ±25%. */
  intervalMs: number;
  /** Where to send each attempt (lets a test spread a user over several processes). */
  origin: (attempt: number) => string;
}

/**
 * A user sending `messages` messages. A send without a 2xx answer is retried with the SAME
 * client_id until it is acknowledged, as the product's client does, so a retry never duplicates.
 */
export async function runSender(plan: SenderPlan, log: SenderLog, shouldStop: () => boolean): Promise<void> {
  let attemptNo = 0;
  for (let n = 0; n < plan.messages && !shouldStop(); n += 1) {
    const clientId = randomUUID();
    const content = `m${n} from ${plan.user.id.slice(0, 8)} at ${Date.now()} ${clientId.slice(0, 8)}`;
    log.tried.add(clientId);
    const firstTry = Date.now();
    for (;;) {
      // A product that never answers again must fail the test, not hang it.
      if (Date.now() - firstTry > GIVE_UP_AFTER_MS) return;
      const startedAt = Date.now();
      const outcome = await postMessage(plan.origin(attemptNo++), plan.user, plan.roomId, clientId, content);
      log.attempts.push({
        clientId,
        roomId: plan.roomId,
        userId: plan.user.id,
        startedAt,
        endedAt: Date.now(),
        outcome,
      });
      if (outcome.status >= 200 && outcome.status < 300 && outcome.messageId) {
        log.acknowledged.set(clientId, outcome.messageId);
        break;
      }
      if (outcome.status >= 400 && outcome.status < 500 && outcome.status !== 429 && outcome.status !== 408) {
        throw new Error(`send refused with ${outcome.status} (not retryable) for ${clientId}`);
      }
      const wait = outcome.retryAfterSeconds ? outcome.retryAfterSeconds * 1000 : 300;
      await sleep(Math.min(wait, 61_000));
    }
    await sleep(plan.intervalMs * (0.75 + Math.random() * 0.5));
  }
}

/** Message content that passes the product's validation (no long runs of one character). */
export function sampleContent(label: string, length: number): string {
  const words = ['realtime', 'fanout', 'replay', 'sequence', 'socket', 'commit', 'room', 'event', 'log', 'bus'];
  let text = label;
  let i = 0;
  while (text.length < length) text += ` ${words[i++ % words.length]}`;
  return text.slice(0, length);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
