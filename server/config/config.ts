import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const httpOrigin = (name: string) =>
  optionalText.refine((v) => v === undefined || isHttpUrl(v), `${name} must be an http(s) URL`);

const envSchema = z
  .object({
    PORT: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? '3000' : v))
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 0 && Number(v) <= 65535, 'PORT must be a number from 0 to 65535')
      .transform(Number),
    HOST: optionalText,
    TRUST_PROXY: optionalText.refine(
      (v) => v === undefined || parseTrustProxy(v) !== undefined,
      'TRUST_PROXY must be a hop count (0-10) or a comma-separated list of proxy addresses or CIDR ranges',
    ),
    PUBLIC_URL: httpOrigin('PUBLIC_URL'),
    ALLOWED_ORIGINS: optionalText.refine(
      (v) => v === undefined || parseOrigins(v) !== undefined,
      'ALLOWED_ORIGINS must be a comma-separated list of http(s) origins (scheme, host and port only)',
    ),
    DATABASE_URL: optionalText.refine(
      (v) => v === undefined || /^sqlite:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v),
      'DATABASE_URL must be sqlite:PATH or postgres://user@host:port/database',
    ),
    REDIS_URL: optionalText.refine(
      (v) => v === undefined || /^rediss?:\/\/.+/.test(v),
      'REDIS_URL must be redis://host:port (or rediss://)',
    ),
    SESSION_SECRET: optionalText.refine(
      (v) => v === undefined || v.length >= 32,
      'SESSION_SECRET must be at least 32 characters',
    ),
    DATA_DIR: optionalText,
    GITHUB_CLIENT_ID: optionalText,
    GITHUB_CLIENT_SECRET: optionalText,
    GITHUB_API_URL: httpOrigin('GITHUB_API_URL'),
    GITHUB_WEB_URL: httpOrigin('GITHUB_WEB_URL'),
    GITHUB_TOKEN: optionalText,
    SMTP_URL: optionalText.refine(
      (v) => v === undefined || /^smtps?:\/\/.+/.test(v),
      'SMTP_URL must be smtp://user:password@host:port (or smtps://)',
    ),
    MAIL_FROM: optionalText,
    MAIL_DELAY_SECONDS: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? '600' : v))
      .refine((v) => /^\d+$/.test(v), 'MAIL_DELAY_SECONDS must be a whole number of seconds')
      .transform(Number),
    GITHUB_CACHE_TTL_SECONDS: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? '300' : v))
      .refine((v) => /^\d+$/.test(v), 'GITHUB_CACHE_TTL_SECONDS must be a whole number of seconds')
      .transform(Number),
    GITHUB_CACHE_MAX_ROWS: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? '10000' : v))
      .refine((v) => /^\d+$/.test(v) && Number(v) >= 100, 'GITHUB_CACHE_MAX_ROWS must be a whole number, at least 100')
      .transform(Number),
    LOG_LEVEL: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? 'info' : v))
      .refine((v): v is (typeof LOG_LEVELS)[number] => (LOG_LEVELS as readonly string[]).includes(v), {
        message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`,
      }),
    CLIENT_DIST_DIR: optionalText,
    DEMO_CONTENT: optionalText.refine(
      (v) => v === undefined || v === 'true' || v === 'false',
      'DEMO_CONTENT must be true or false',
    ),
    EMULATOR_CONTROL: optionalText.refine(
      (v) => v === undefined || v === 'true' || v === 'false',
      'EMULATOR_CONTROL must be true or false',
    ),
    EMULATOR_POLL_INTERVAL_SECONDS: optionalText
      .refine(
        (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 3600),
        'EMULATOR_POLL_INTERVAL_SECONDS must be a whole number of seconds from 1 to 3600',
      )
      .transform((v) => (v === undefined ? 60 : Number(v))),
    NODE_ENV: optionalText,
    S3_BUCKET: optionalText,
    S3_ENDPOINT: httpOrigin('S3_ENDPOINT'),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    POST_COMMIT_DELAY_MS: optionalText
      .refine((v) => v === undefined || /^\d+$/.test(v), 'POST_COMMIT_DELAY_MS must be a whole number of milliseconds')
      .transform((v) => (v === undefined ? undefined : Number(v))),
    METRICS_PORT: optionalText
      .refine(
        (v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535),
        'METRICS_PORT must be a number from 1 to 65535 (leave it unset for no metrics listener)',
      )
      .transform((v) => (v === undefined ? undefined : Number(v))),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GITHUB_CLIENT_ID) !== Boolean(env.GITHUB_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GITHUB_CLIENT_ID ? 'GITHUB_CLIENT_SECRET' : 'GITHUB_CLIENT_ID'],
        message: 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together',
      });
    }
    // The control API lets anyone mint tokens and rewrite the emulator's world: never on a production site.
    if (env.EMULATOR_CONTROL === 'true' && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['EMULATOR_CONTROL'],
        message: 'EMULATOR_CONTROL=true is refused when NODE_ENV=production (it is for tests of a demo-mode site)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when S3_* is set' });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'METRICS_PORT must differ from PORT' });
    }
  });

export interface Config {
  port: number;
  host: string;
  /**
   * Which proxies may set X-Forwarded-For: false (none, the socket address is the client), a hop
   * count, or proxy addresses/CIDRs. Trusting everyone would let any client pick its own IP.
   */
  trustProxy: false | number | string[];
  /** Site origin used for absolute URLs (no trailing slash). */
  publicUrl: string;
  /** Origins besides PUBLIC_URL's whose pages may change state and open WebSockets. */
  allowedOrigins: string[];
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Explicit secret, or undefined to use the one kept in the data directory. */
  sessionSecret: string | undefined;
  dataDir: string;
  clientDistDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * Whether the first start fills the site with demo rooms and conversations: only in demo mode
   * (embedded emulator), on unless DEMO_CONTENT=false.
   */
  demoContent: boolean;
  /** Port of the separate metrics and detailed-health listener; undefined: no such listener. */
  metricsPort: number | undefined;
  /**
   * How long work after a commit (search words, mentions, read positions) gathers commits before
   * it is applied in one batch; undefined: the applier's own (POST_COMMIT_DELAY_MS, 100 ms).
   * Fault tests set a long one to hold the work back and kill the process.
   */
  postCommitDelayMs: number | undefined;
  github: {
    /** 'live' talks to GitHub (or GHES); 'emulated' mounts the built-in emulator on this origin. */
    mode: 'live' | 'emulated';
    clientId: string | undefined;
    clientSecret: string | undefined;
    apiUrl: string | undefined;
    webUrl: string | undefined;
    token: string | undefined;
    cacheTtlSeconds: number;
    /** Rows kept in the response cache; the least recently refreshed go first. */
    cacheMaxRows: number;
  };
  /**
   * Where attachments are kept: files under DATA_DIR (the default), or an S3-compatible bucket
   * (S3_BUCKET), which several processes share.
   */
  fileStorage: FileStorageConfig;
  /** E-mail notifications (docs/PRODUCT.md §21). */
  mail: {
    /** Where e-mail is sent; undefined: none is sent (in demo mode it is kept for /_emulator/mail). */
    smtpUrl: string | undefined;
    from: string;
    /** How long a mention stays unread before it is e-mailed. */
    delaySeconds: number;
    /** Whether e-mail is composed at all: SMTP_URL is set, or demo mode keeps it in the outbox. */
    enabled: boolean;
    /** Demo mode without SMTP_URL: e-mails are kept and shown at /_emulator/mail. */
    outbox: boolean;
  };
  /** The embedded emulator (demo mode only): its test switches and the X-Poll-Interval it answers. */
  emulator: {
    /** Serve the control API under /_emulator/__control/ (EMULATOR_CONTROL=true, never in production). */
    control: boolean;
    pollIntervalSeconds: number;
  };
}

export type FileStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** An S3-compatible service's URL (MinIO…); undefined: AWS. */
      endpoint: string | undefined;
      region: string;
      /** Undefined: the SDK's own credential chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, '');
  const live = Boolean(e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET);
  return {
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    trustProxy: e.TRUST_PROXY === undefined ? false : (parseTrustProxy(e.TRUST_PROXY) ?? false),
    publicUrl,
    allowedOrigins: e.ALLOWED_ORIGINS === undefined ? [] : (parseOrigins(e.ALLOWED_ORIGINS) ?? []),
    databaseUrl: e.DATABASE_URL ?? 'sqlite:./data/reporooms.db',
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET,
    dataDir: e.DATA_DIR ?? './data',
    clientDistDir: e.CLIENT_DIST_DIR ?? 'dist/client',
    logLevel: e.LOG_LEVEL,
    metricsPort: e.METRICS_PORT,
    postCommitDelayMs: e.POST_COMMIT_DELAY_MS,
    demoContent: !live && !e.GITHUB_API_URL && e.DEMO_CONTENT !== 'false',
    github: {
      mode: live ? 'live' : 'emulated',
      clientId: e.GITHUB_CLIENT_ID,
      clientSecret: e.GITHUB_CLIENT_SECRET,
      apiUrl: e.GITHUB_API_URL?.replace(/\/+$/, ''),
      webUrl: e.GITHUB_WEB_URL?.replace(/\/+$/, ''),
      token: e.GITHUB_TOKEN,
      cacheTtlSeconds: e.GITHUB_CACHE_TTL_SECONDS,
      cacheMaxRows: e.GITHUB_CACHE_MAX_ROWS,
    },
    mail: mailConfig(e.SMTP_URL, e.MAIL_FROM, e.MAIL_DELAY_SECONDS, !live && !e.GITHUB_API_URL, publicUrl),
    emulator: { control: e.EMULATOR_CONTROL === 'true', pollIntervalSeconds: e.EMULATOR_POLL_INTERVAL_SECONDS },
    fileStorage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { kind: 'disk', dir: join(e.DATA_DIR ?? './data', 'attachments') },
  };
}

function mailConfig(
  smtpUrl: string | undefined,
  from: string | undefined,
  delaySeconds: number,
  embeddedEmulator: boolean,
  publicUrl: string,
): Config['mail'] {
  const outbox = smtpUrl === undefined && embeddedEmulator;
  return {
    smtpUrl,
    from: from ?? `RepoRooms <notifications@${new URL(publicUrl).hostname}>`,
    delaySeconds,
    enabled: smtpUrl !== undefined || outbox,
    outbox,
  };
}

/** A hop count (0 means off), or addresses/CIDRs and proxy-addr's names; undefined when invalid. */
function parseTrustProxy(value: string): false | number | string[] | undefined {
  if (/^\d+$/.test(value)) return Number(value) > 10 ? undefined : Number(value) || false;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** Comma-separated origins, each exactly `scheme://host[:port]`; undefined when one is not. */
function parseOrigins(value: string): string[] | undefined {
  const origins = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return origins.every((origin) => isHttpUrl(origin) && new URL(origin).origin === origin) ? origins : undefined;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
