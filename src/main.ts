// Starts the service: validates configuration, opens the database (applying pending migrations under a
// lock), serves HTTP, and on SIGTERM/SIGINT finishes in-flight requests and closes the database.
import { loadConfig, ConfigError } from './config/config.js';
import { openDatabase } from './db/database.js';
import { buildSchema } from './graphql/schema.js';
import { createApp } from './http/app.js';
import { jsonLogger, describeError } from './http/logger.js';
import { claimDataDirForServer, type DataDirClaim } from './db/data-dir-lock.js';
import { startBackground } from './jobs/background.js';
import { startPgliteMaintenance } from './db/pglite-maintenance.js';
import { startCliSocket, type CliSocket } from './cli/server-socket.js';
import { socketAddress } from './cli/socket-protocol.js';
import { logFirstCompanyHint } from './cli/first-company-hint.js';

const logger = jsonLogger();

async function main(): Promise<void> {
  const config = loadConfig();
  let claim: DataDirClaim | null = null;
  // In embedded mode this process owns the folder, so a CLI run beside it hands its command over a socket.
  const takesCliCommands = !config.databaseUrl && socketAddress(config.dataDir) !== null;
  if (!config.databaseUrl) {
    claim = await claimDataDirForServer(config.dataDir, {
      acceptsCliCommands: takesCliCommands,
      onWaiting: (holder) => logger.log('info', 'waiting for a CLI command to finish with the data folder', { pid: holder.pid }),
    });
  }
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    { onConnectionLost: (error) => logger.log('warn', 'database connection lost', describeError(error)) },
  );
  const app = createApp({ config, database, schema: buildSchema(), logger });
  let cliSocket: CliSocket | null = null;
  try {
    if (takesCliCommands) cliSocket = await startCliSocket({ config, database, logger });
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen(config.port, config.host, resolve);
    });
  } catch (error) {
    await cliSocket?.close();
    await database.close(); // e.g. the port is taken: leave the data folder cleanly
    claim?.release();
    throw error;
  }
  // Jobs run in this process beside the requests (on PGlite, the only process that can).
  const background = startBackground({ prisma: database.prisma, config, logger });
  const maintenance = database.kind === 'pglite' ? startPgliteMaintenance(database.sql, logger) : null;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Signals are taken before "listening" is logged: whoever waits for that line may stop the server at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Stops listening at once; in-flight requests and CLI commands finish before the database closes.
    const closed = app.close(() => Promise.all([background.stop(), cliSocket?.close(), maintenance?.stop()]).then(() => undefined));
    logger.log('info', 'shutting down', { signal });
    await closed;
    claim?.release();
    logger.log('info', 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  logger.log('info', 'listening', {
    url: `http://${config.host}:${port}`,
    database: database.kind,
    example: `http://{company}.${config.baseDomain}:${port}/external/api/v1/locations`,
    ...(cliSocket ? { cli_socket: cliSocket.address } : {}),
  });
  if (!config.databaseUrl && !cliSocket) {
    logger.log('warn', 'CLI commands cannot reach this server', { reason: 'the path of DATA_DIR/cli/cli.sock is too long for a Unix socket; use a shorter DATA_DIR' });
  }
  await logFirstCompanyHint(database.prisma, logger, config.databaseUrl ? null : config.dataDir).catch((error) => logger.log('warn', 'could not look for a first company', describeError(error)));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    process.stderr.write(error.message + '\n');
  } else {
    logger.log('error', 'failed to start', describeError(error));
  }
  process.exit(1);
});
