import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';

describeEachDatabase('GET /api/health and /api/health/ready', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ engine });
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  it('liveness and readiness answer 200 with no details', async () => {
    for (const url of ['/api/health', '/api/health/ready']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('readiness answers 503 when the database is gone; liveness stays 200', async () => {
    await testApp.database.close();
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    const live = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
  });
});
