import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../testing/databases';
import { createTestApp, type TestApp } from '../../../testing/test-app';

describeEachDatabase('GET /api/health', (engine) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ engine });
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  it('answers 200 with database and bus status', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true, engine },
      bus: { ok: true, kind: 'memory' },
    });
  });

  it('answers 503 when the database is gone', async () => {
    await testApp.database.close();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
  });
});
