import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../shared/attachments/attachments';
import { loadConfig } from './config/config';
import { interpolate, parseComposeYaml, type YamlValue } from './testing/deployment/compose-file';

/**
 * The attachments of the compose deployment (compose.yaml): MinIO, the service that makes its
 * bucket, the S3 settings the two app processes get, and nginx letting uploads through. Read from
 * the files themselves (there is no Docker daemon on the build machines); that the product reaches
 * an S3-compatible endpoint by path-style addresses is proven by the attachments tests, which run
 * against a local S3 server at an IP address (server/testing/file-storages.ts).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const services = mapOf(parseComposeYaml(read('compose.yaml')).services);
/** The shell compose reads: nothing set, then MinIO's credentials changed. */
const SHELLS: Array<Record<string, string | undefined>> = [
  {},
  { MINIO_ROOT_USER: 'admin', MINIO_ROOT_PASSWORD: 'a long secret' },
];
const apps = Object.entries(services).filter(([, service]) => mapOf(service).build === '.');

function mapOf(value: YamlValue | undefined): { [key: string]: YamlValue } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`expected a mapping, got ${JSON.stringify(value)}`);
  }
  return value;
}

function listOf(value: YamlValue | undefined): string[] {
  if (!Array.isArray(value)) throw new Error(`expected a list, got ${JSON.stringify(value)}`);
  return value.map(String);
}

/** A service's environment as compose hands it over, with these variables set in the shell. */
function envOf(service: YamlValue | undefined, shell: Record<string, string | undefined> = {}): Record<string, string> {
  const env = mapOf(mapOf(service).environment);
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, interpolate(String(value), shell)]));
}

describe('compose.yaml keeps attachments in MinIO', () => {
  const minio = mapOf(services.minio);
  const bucketMaker = mapOf(services['minio-bucket']);

  it('runs MinIO with its data in a volume and a health check', () => {
    expect(String(minio.image)).toMatch(/^minio\/minio:/);
    expect(listOf(minio.command)).toEqual(['server', '/data']);
    const [volume, mount] = listOf(minio.volumes)[0]!.split(':');
    expect(mount).toBe('/data');
    expect(Object.keys(mapOf(parseComposeYaml(read('compose.yaml')).volumes))).toContain(volume);
    expect(listOf(mapOf(minio.healthcheck).test).join(' ')).toContain('mc ready local');
  });

  it('makes the bucket once MinIO is healthy, with MinIO’s credentials, and nothing when it exists', () => {
    expect(mapOf(mapOf(bucketMaker.depends_on).minio).condition).toBe('service_healthy');
    const script = listOf(bucketMaker.command).join(' ');
    // `$$` reaches the container as `$`: the script reads the credentials from its own environment.
    const run = interpolate(script, {});
    expect(run).toContain('mc alias set store http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"');
    expect(run).toMatch(/mc mb --ignore-existing store\/[\w.-]+/);
    for (const shell of SHELLS) {
      expect(envOf(bucketMaker, shell)).toEqual(envOf(minio, shell));
    }
  });

  it('gives both app processes the bucket, endpoint, region and MinIO’s credentials, after the bucket exists', () => {
    expect(apps).toHaveLength(2);
    const bucket = /store\/([\w.-]+)/.exec(listOf(bucketMaker.command).join(' '))?.[1];
    for (const [, service] of apps) {
      expect(mapOf(mapOf(mapOf(service).depends_on)['minio-bucket']).condition).toBe('service_completed_successfully');
      for (const shell of SHELLS) {
        const env = envOf(service, shell);
        const store = envOf(minio, shell);
        expect(env).toMatchObject({
          S3_BUCKET: bucket,
          S3_ENDPOINT: 'http://minio:9000',
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: store.MINIO_ROOT_USER,
          S3_SECRET_ACCESS_KEY: store.MINIO_ROOT_PASSWORD,
        });
        // What the product makes of them: S3 storage at MinIO with those credentials.
        expect(loadConfig({ ...env, NODE_ENV: 'production' }).fileStorage).toEqual({
          kind: 's3',
          bucket,
          endpoint: 'http://minio:9000',
          region: 'us-east-1',
          credentials: { accessKeyId: store.MINIO_ROOT_USER, secretAccessKey: store.MINIO_ROOT_PASSWORD },
        });
      }
    }
  });

  it('lets nginx pass an upload of the largest attachment, and nothing else that large', () => {
    const nginx = read('deploy/nginx.conf');
    const megabytes = (text: string | undefined) => Number(/^(\d+)m$/.exec(text ?? '')?.[1]) * 1024 * 1024;
    const serverLimit = /^ {4}client_max_body_size (\S+);/m.exec(nginx)?.[1];
    expect(megabytes(serverLimit)).toBeLessThan(ATTACHMENT_MAX_BYTES);
    const uploads = [...nginx.matchAll(/location ~ (\S+) \{([^}]*)\}/g)].find(([, pattern]) =>
      new RegExp(pattern!).test('/api/rooms/0b5e4b8e-3f1f-4d8a-9a57-6a0c3d6f2a11/attachments'),
    );
    expect(uploads).toBeDefined();
    const [, pattern, body] = uploads!;
    expect(new RegExp(pattern!).test('/api/rooms/0b5e4b8e-3f1f-4d8a-9a57-6a0c3d6f2a11/messages')).toBe(false);
    expect(megabytes(/client_max_body_size (\S+);/.exec(body!)?.[1])).toBeGreaterThan(ATTACHMENT_MAX_BYTES);
    expect(body).toMatch(/proxy_pass http:\/\/reporooms;/);
    expect(body).toMatch(/proxy_set_header Host \$http_host;/);
  });
});
