import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs nothing: SQLite, memory bus, demo GitHub, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('sqlite:./data/reporooms.db');
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.github.mode).toBe('emulated');
    expect(config.github.cacheTtlSeconds).toBe(300);
  });

  it('switches to live GitHub when both OAuth credentials are set', () => {
    const config = loadConfig({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://rooms.example/',
    });
    expect(config.github.mode).toBe('live');
    expect(config.publicUrl).toBe('https://rooms.example');
  });

  it('lists every problem at once, naming each variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        REDIS_URL: 'http://x',
        GITHUB_CLIENT_ID: 'a',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'REDIS_URL', 'GITHUB_CLIENT_SECRET']) {
        expect(problems).toContain(name);
      }
    }
  });

  it('TRUST_PROXY: off by default; a hop count or proxy addresses/CIDRs; anything else is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '11', '10.0.0.0/33', '10.0.0', 'proxy.example', '10.0.0.1,', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be a hop count/);
    }
  });

  it('ALLOWED_ORIGINS: none by default; comma-separated http(s) origins, nothing more than an origin', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://chat.example.org, http://localhost:5173' }).allowedOrigins).toEqual([
      'https://chat.example.org',
      'http://localhost:5173',
    ]);
    for (const bad of ['chat.example.org', 'ftp://x.example', 'https://x.example/', 'https://x.example/app', '*']) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(/ALLOWED_ORIGINS must be/);
    }
  });

  it('GITHUB_CACHE_MAX_ROWS: 10000 by default, at least 100', () => {
    expect(loadConfig({}).github.cacheMaxRows).toBe(10_000);
    expect(loadConfig({ GITHUB_CACHE_MAX_ROWS: '500' }).github.cacheMaxRows).toBe(500);
    expect(() => loadConfig({ GITHUB_CACHE_MAX_ROWS: '50' })).toThrow(/GITHUB_CACHE_MAX_ROWS/);
  });

  it('refuses a port out of range and a short session secret', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('METRICS_PORT: off by default, a port from 1 to 65535 other than PORT when set', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT must be a number from 1 to 65535/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a number from 1 to 65535/);
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT must be a number from 1 to 65535/);
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });

  it('EMULATOR_CONTROL: off by default, true or false, refused with NODE_ENV=production', () => {
    expect(loadConfig({}).emulator.control).toBe(false);
    expect(loadConfig({ EMULATOR_CONTROL: 'true', NODE_ENV: 'test' }).emulator.control).toBe(true);
    expect(loadConfig({ EMULATOR_CONTROL: 'false', NODE_ENV: 'production' }).emulator.control).toBe(false);
    expect(() => loadConfig({ EMULATOR_CONTROL: 'yes' })).toThrow(/EMULATOR_CONTROL must be true or false/);
    expect(() => loadConfig({ EMULATOR_CONTROL: 'true', NODE_ENV: 'production' })).toThrow(
      /EMULATOR_CONTROL=true is refused when NODE_ENV=production/,
    );
  });

  it('EMULATOR_POLL_INTERVAL_SECONDS: 60 by default, whole seconds from 1 to 3600', () => {
    expect(loadConfig({}).emulator.pollIntervalSeconds).toBe(60);
    expect(loadConfig({ EMULATOR_POLL_INTERVAL_SECONDS: '2' }).emulator.pollIntervalSeconds).toBe(2);
    for (const bad of ['0', '1.5', 'soon', '3601'])
      expect(() => loadConfig({ EMULATOR_POLL_INTERVAL_SECONDS: bad }), bad).toThrow(
        /EMULATOR_POLL_INTERVAL_SECONDS must be a whole number of seconds from 1 to 3600/,
      );
  });
});
