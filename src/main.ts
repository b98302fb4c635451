// Starts the service: validates configuration, opens the database (applying pending migrations under a
// lock), serves HTTP, and on SIGTERM/SIGINT finishes in-flight requests and closes the database.
import { loadConfig, ConfigError } from './config/config.js';
import { openDatabase } from './db/database.js';
import { buildSchema } from './graphql/schema.js';
import { createApp } from './http/app.js';
import { jsonLogger, describeError } from './http/logger.js';
import { claimDataDir, type DataDirClaim } from './db/data-dir-lock.js';
import { startBackground } from './jobs/background.js';

const logger = jsonLogger();

async function main(): Promise<void> {
  const config = loadConfig();
  let claim: DataDirClaim | null = null;
  if (!config.databaseUrl) claim = claimDataDir(config.dataDir, 'server');
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    { onConnectionLost: (error) => logger.log('warn', 'database connection lost', describeError(error)) },
  );
  const app = createApp({ config, database, schema: buildSchema(), logger });
  try {
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen(config.port, config.host, resolve);
    });
  } catch (error) {
    await database.close(); // e.g. the port is taken: leave the data folder cleanly
    claim?.release();
    throw error;
  }
  // Jobs run in this process beside the requests (on PGlite, the only process that can).
  const background = startBackground({ prisma: database.prisma, config, logger });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log('info', 'listening', {
    url: `http://${config.host}:${port}`,
    database: database.kind,
    example: `http://{company}.${config.baseDomain}:${port}/external/api/v1/locations`,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const closed = background.stop().then(() => app.close()); // stops listening at once; in-flight requests finish
    logger.log('info', 'shutting down', { signal });
    await closed;
    claim?.release();
    logger.log('info', 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(error.message + '\n');
  } else {
    logger.log('error', 'failed to start', describeError(error));
  }
  process.exit(1);
});
