import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('security headers on every answer', () => {
  let testApp: TestApp;
  let httpsApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    httpsApp = await createTestApp({ env: { PUBLIC_URL: 'https://rooms.example' } });
  });
  afterAll(async () => {
    await testApp?.destroy();
    await httpsApp?.destroy();
  });

  const paths = ['/api/health', '/api/does-not-exist', '/no-such-page.js', '/api/me'];

  it.each(paths)('%s carries CSP, nosniff, referrer policy and frame protection', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:3000/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('errors carry the headers too (a refused cross-origin write)', async () => {
    const response = await apiClient(testApp.app).post('/api/auth/sign-out', {}, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('sends HSTS and a wss: connect-src when served over HTTPS', async () => {
    const response = await httpsApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(response.headers['content-security-policy'])).toContain('wss://rooms.example');
  });
});
