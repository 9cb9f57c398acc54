import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherRepo, createMember } from '../testing/room-test-kit';
import { openTestSocket, type TestSocket } from '../testing/ws-test-client';
import { describeEachDatabase } from '../testing/databases';
import { freePort } from '../testing/services/free-port';
import { createTestApp, type TestApp } from '../testing/test-app';

const ORIGIN = 'http://localhost:3000';

/** The value of one series in a Prometheus text exposition, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase('metrics listener', (engine) => {
  let testApp: TestApp;
  let metricsUrl: string;
  let socket: TestSocket | undefined;

  beforeAll(async () => {
    const port = await freePort();
    // On its configured PORT, so the app reaches its embedded GitHub emulator (and sees its quota).
    const appPort = await freePort();
    testApp = await createTestApp({
      engine,
      env: { PORT: String(appPort), METRICS_PORT: String(port), HOST: '127.0.0.1' },
    });
    await testApp.app.listen({ port: appPort, host: '127.0.0.1' });
    await testApp.metrics!.listen();
    metricsUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    socket?.close();
    await testApp?.destroy();
  });

  it('after real traffic, /metrics has every series, labelled by route pattern', async () => {
    const ada = await createMember(testApp);
    const grace = await createMember(testApp);
    const repo = anotherRepo();
    const { room } = await ada.join(repo);
    await grace.join(repo);
    const address = testApp.app.server.address();
    const wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
    socket = await openTestSocket(wsUrl, { cookie: grace.cookie, origin: ORIGIN });
    socket.send({ type: 'room.subscribe', room_id: room.id });
    await socket.waitFor('room.subscribed', (f) => f.room_id === room.id);
    expect((await ada.send(room.id, 'hello metrics')).statusCode).toBe(201);
    await socket.waitFor('room.event', (f) => f.room_id === room.id && f.event.type === 'message.created');
    expect((await ada.api.get(`/api/rooms/${room.id}/messages`, { cookie: ada.cookie })).statusCode).toBe(200);

    // Repository details come from GitHub (the embedded emulator): even its 404 reports the quota.
    expect((await ada.api.get('/api/repos/live/order', { cookie: ada.cookie })).statusCode).toBe(404);

    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();

    const route = '/api/rooms/:roomId/messages';
    expect(
      sample(text, `reporooms_http_request_duration_seconds_count{method="POST",route="${route}",status="201"}`),
    ).toBe(1);
    expect(
      sample(text, `reporooms_http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`),
    ).toBe(1);
    // Route patterns only: no room id ever becomes a label.
    expect(text).not.toContain(room.id);
    expect(sample(text, 'reporooms_realtime_open_sockets')).toBe(1);
    expect(sample(text, 'reporooms_realtime_deliveries_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'reporooms_realtime_delivery_latency_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'reporooms_bus_errors_total{operation="publish"}')).toBe(0);
    expect(sample(text, 'reporooms_github_quota_remaining{resource="core"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'reporooms_github_quota_limit{resource="core"}')).toBeGreaterThan(0);
    if (engine === 'postgres') {
      expect(sample(text, 'reporooms_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'reporooms_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('reporooms_db_pool_connections{');
    }
  });

  it('the detailed health is on the metrics port only', async () => {
    const response = await fetch(`${metricsUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, engine },
      bus: { ok: true, kind: 'memory' },
      github: { mode: 'emulated' },
    });
    for (const url of ['/metrics', '/api/metrics', '/health']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('bus errors', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // A Redis bus with nobody listening: every bus operation fails.
    testApp = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', METRICS_PORT: '9464' } });
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  it('are counted by operation', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    const response = await testApp.metrics!.app.inject({ method: 'GET', url: '/metrics' });
    expect(sample(response.body, 'reporooms_bus_errors_total{operation="health"}')).toBeGreaterThanOrEqual(1);
    const health = await testApp.metrics!.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', bus: { ok: false, kind: 'redis' } });
  });
});

describe('metrics are off by default', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  it('no METRICS_PORT: no listener and no metrics kept', () => {
    expect(testApp.metrics).toBeUndefined();
    expect(testApp.ctx.metrics).toBeUndefined();
  });
});
