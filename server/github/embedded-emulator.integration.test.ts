import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';

const RELEASE = { repo: 'facebook/react', type: 'release', actor: 'ada-demo', tag: 'v99.1.0' };

/** The embedded emulator's control API, as a test of the running site drives it. */
describeEachDatabase('the embedded emulator', (engine) => {
  let withControl: TestApp;
  let withoutControl: TestApp;

  beforeAll(async () => {
    withControl = await createTestApp({
      engine,
      env: { EMULATOR_CONTROL: 'true', EMULATOR_POLL_INTERVAL_SECONDS: '2' },
    });
    withoutControl = await createTestApp({ engine });
  });
  afterAll(async () => {
    await withControl?.destroy();
    await withoutControl?.destroy();
  });

  const post = (app: TestApp, url: string, body: unknown) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('with EMULATOR_CONTROL=true serves /_emulator/__control/activity, and the event is listed', async () => {
    const created = await post(withControl, '/_emulator/__control/activity', RELEASE);
    expect(created.statusCode).toBe(201);
    const event = created.json<{ id: string; type: string; payload: { release: { tag_name: string } } }>();
    expect(event).toMatchObject({
      type: 'ReleaseEvent',
      payload: { action: 'published', release: { tag_name: 'v99.1.0' } },
    });

    const listed = await withControl.app.inject({
      method: 'GET',
      url: '/_emulator/api/v3/repos/facebook/react/events',
      headers: { 'user-agent': 'reporooms-tests' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-poll-interval']).toBe('2');
    expect(listed.json<{ id: string }[]>().map((e) => e.id)).toEqual([event.id]);

    const refused = await post(withControl, '/_emulator/__control/activity', { ...RELEASE, type: 'fork' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'type must be one of release, merge, issue, push' });
  });

  it('without it, every control path answers 404 and the events say the default interval', async () => {
    expect((await post(withoutControl, '/_emulator/__control/activity', RELEASE)).statusCode).toBe(404);
    expect((await post(withoutControl, '/_emulator/__control/tokens', { login: 'ada-demo' })).statusCode).toBe(404);
    expect((await withoutControl.app.inject({ method: 'GET', url: '/_emulator/__control' })).statusCode).toBe(404);
    const listed = await withoutControl.app.inject({
      method: 'GET',
      url: '/_emulator/api/v3/repos/facebook/react/events',
      headers: { 'user-agent': 'reporooms-tests' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-poll-interval']).toBe('60');
    expect(listed.json()).toEqual([]);
  });
});
