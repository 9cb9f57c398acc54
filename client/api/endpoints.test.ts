import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatApi } from './chat-endpoints';
import { api } from './endpoints';

const calls: Array<{ url: string; method: string; body: unknown }> = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the typed API', () => {
  it('addresses history pages by position, with ids encoded', async () => {
    await chatApi.messages.page('r/1', 50);
    await chatApi.messages.page('r1', 50, { before: 'c+1' });
    await chatApi.messages.page('r1', 20, { around: 'm1' });
    await chatApi.messages.page('r1', 50, { after: 'c2' });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/rooms/r%2F1/messages?limit=50',
      '/api/rooms/r1/messages?limit=50&before=c%2B1',
      '/api/rooms/r1/messages?limit=20&around=m1',
      '/api/rooms/r1/messages?limit=50&after=c2',
    ]);
  });

  it('sends writes with their method and JSON body', async () => {
    await api.readState.markRead('r1', 'm9');
    await chatApi.messages.toggleReaction('m9', '👍');
    await api.rooms.join({ repoFullName: 'octo/hello' });
    expect(calls).toEqual([
      { url: '/api/rooms/r1/read', method: 'PUT', body: { message_id: 'm9' } },
      { url: '/api/messages/m9/reactions', method: 'POST', body: { emoji: '👍' } },
      { url: '/api/rooms/join', method: 'POST', body: { repoFullName: 'octo/hello' } },
    ]);
  });
});
