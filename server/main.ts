import { buildApp, createLogger } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { seedDemoContent } from './services/demo/demo-content.start';
import { isInteractiveTerminal, terminalLogDestination } from './terminal-log';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const interactive = isInteractiveTerminal(process.stdout, process.env);
  const logger = createLogger(config, interactive ? terminalLogDestination(process.stdout) : undefined);

  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, { logger });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `Start-up failed: DATABASE_URL (${redactUrl(config.databaseUrl)}) could not be opened or migrated: ${reason}\n`,
    );
    process.exit(1);
  }
  const { app, close, ctx } = built;
  if (config.demoContent) await seedDemoContent(ctx);

  // Fastify logs each bound address at info (every interface for 0.0.0.0); the one start-up line
  // below says where to open the site instead.
  const level = logger.level;
  if (logger.isLevelEnabled('info')) logger.level = 'warn';
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'needs more privileges' : String(error);
    process.stderr.write(`Start-up failed: PORT ${config.port} ${reason}\n`);
    await close();
    process.exit(1);
  } finally {
    logger.level = level;
  }

  if (built.metrics) {
    try {
      await built.metrics.listen();
    } catch (error) {
      const code = (error as { code?: string }).code;
      process.stderr.write(
        `Start-up failed: METRICS_PORT ${config.metricsPort} ${code === 'EADDRINUSE' ? 'is already in use' : String(error)}\n`,
      );
      await close();
      process.exit(1);
    }
  }

  const mode = ctx.github.mode === 'emulated' ? 'demo mode: built-in GitHub emulator' : 'GitHub';
  // Written whatever LOG_LEVEL says: it is how whoever started the server learns where it is.
  process.stdout.write(
    `\nRepoRooms is running (${ctx.database.engine}, ${ctx.bus.kind} bus, ${mode}).\nOpen ${config.publicUrl}\n\n`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:[redacted]@');
}

void main();
