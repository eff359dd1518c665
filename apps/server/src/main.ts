import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';

/**
 * Shutdown order (app.close): stop accepting and answer new requests 503, close WebSockets with
 * 1001, let in-flight requests finish, stop jobs and give up the leader lock, close the bus, close
 * the database. Bounded by SHUTDOWN_TIMEOUT_MS, after which the process exits regardless.
 */
function installShutdown(
  app: FastifyInstance,
  config: Pick<AppConfig, 'shutdownTimeoutMs'>,
  exit: (code: number) => void = (code) => process.exit(code),
): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal: string) => {
    if (closing) {
      // A second signal means the operator does not want to wait.
      app.log.warn({ signal }, 'second signal during shutdown; exiting now');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      clearTimeout(timer);
      app.log.info('shut down cleanly');
      exit(0);
    } catch (err) {
      clearTimeout(timer);
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  const shutdown = installShutdown(app, config);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`TradeDesk (--role=${config.role}) on ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error('TradeDesk failed to start:', err);
  process.exit(1);
});
