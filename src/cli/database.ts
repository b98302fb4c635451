// Opens the service's database for one CLI command. In embedded mode the data folder is claimed first
// (a running server holds it: refuse without touching anything), and released again afterwards.
import type { Config } from '../config/config.js';
import { claimDataDir, type DataDirClaim } from '../db/data-dir-lock.js';
import { openDatabase, type Database } from '../db/database.js';

export async function withDatabase<T>(config: Config, use: (database: Database) => Promise<T>): Promise<T> {
  let claim: DataDirClaim | null = null;
  if (!config.databaseUrl) claim = claimDataDir(config.dataDir, 'cli'); // throws DataDirBusyError
  try {
    // Pending migrations are applied on open, as the server does.
    const database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir: config.dataDir, shortLived: true },
    );
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  } finally {
    claim?.release();
  }
}
