import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../state/messages-state';
import { useReadPosition } from './useReadPosition';

const markRead = vi.hoisted(() => vi.fn(async () => ({})));
vi.mock('../../../api/endpoints', () => ({ api: { readState: { markRead } } }));

afterEach(cleanup);

const message = (id: string, minute: number) =>
  ({ id, created_at: `2026-03-01T12:0${minute}:00.000Z` }) as unknown as ChatMessage;

/** Like the message list: reports the newest message on screen from its own effect, on first render. */
function List({ messages, onSeen }: { messages: ChatMessage[]; onSeen(id: string): void }) {
  useEffect(() => {
    const last = messages.at(-1);
    if (last) onSeen(last.id);
  }, [messages, onSeen]);
  return null;
}

function Room({ messages }: { messages: ChatMessage[] }) {
  const onSeen = useReadPosition('r1', messages);
  return <List messages={messages} onSeen={onSeen} />;
}

describe('useReadPosition', () => {
  it('counts what the list reports as soon as the messages first render', async () => {
    vi.useFakeTimers();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Room messages={[message('m1', 1), message('m2', 2)]} />
      </QueryClientProvider>,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(markRead).toHaveBeenCalledWith('r1', 'm2');
    vi.useRealTimers();
  });
});
