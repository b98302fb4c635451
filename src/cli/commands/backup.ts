// backup / restore of the embedded database (a PGlite data folder). PostgreSQL has its own tools: pg_dump and
// pg_restore (docs/operations.md, "Backups").
//
// backup --out FILE: the data folder as a gzipped tarball. Beside a running server the command is handed to
// it and taken from its open database between two statements, so it holds exactly what was committed.
// restore --from FILE: replaces the data folder with the backup's, only while no server holds the folder.
// The backup is unpacked into a staging folder and opened once (a file that is not a backup fails there and
// changes nothing); the folder it replaces is kept beside it, renamed, until someone deletes it.
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { claimDataDir } from '../../db/data-dir-lock.js';
import { shortLivedStartParams } from '../../db/pglite-start.js';
import { DomainError } from '../../domain/shared/errors.js';
import { defineCommand } from '../command.js';

class BackupError extends DomainError {
  readonly code = 'BACKUP_FAILED';
}

/** Where the embedded database lives inside DATA_DIR (src/db/database.ts opens it there). */
const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

export const backup = defineCommand({
  name: 'backup',
  summary: 'Write the embedded database to FILE (a gzipped tarball of its data folder); consistent while the server runs.',
  flags: [{ name: 'out', placeholder: 'file', required: true, path: true }],
  parse: (flags) => ({ file: path.resolve(flags.string('out')) }),
  async run({ database, out }, { file }) {
    if (!database.dumpDataDir) throw new BackupError('backup copies the embedded database; on PostgreSQL use pg_dump (see docs/operations.md, "Backups").');
    const tarball = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
    // Written beside the target and renamed: a reader never sees half a backup under the final name.
    const partial = `${file}.partial`;
    try {
      writeFileSync(partial, tarball);
      renameSync(partial, file);
    } catch (error) {
      rmSync(partial, { force: true });
      throw new BackupError(`Could not write ${file}: ${(error as Error).message}`);
    }
    out.line(`Backed up the embedded database to ${file} (${tarball.length} bytes).`);
  },
});

export const restore = defineCommand({
  name: 'restore',
  summary: 'Replace the embedded database with a backup FILE (stop the server first); the replaced data folder is kept beside it.',
  flags: [{ name: 'from', placeholder: 'file', required: true, path: true }],
  parse: (flags) => ({ file: path.resolve(flags.string('from')) }),
  run: async () => {
    throw new Error('restore runs without an open database');
  },
  async withoutDatabase({ config, out }, { file }) {
    if (config.databaseUrl) throw new BackupError('restore replaces the embedded database; on PostgreSQL use pg_restore (see docs/operations.md, "Backups").');
    if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`There is no backup file ${file}.`);
    const claim = claimDataDir(config.dataDir, 'cli'); // a running server holds the folder: refused, nothing touched
    try {
      const target = pgliteFolder(config.dataDir);
      const staging = `${target}.restoring`;
      rmSync(staging, { recursive: true, force: true });
      let companies: number;
      try {
        const restored = new PGlite(staging, { loadDataDir: new Blob([readFileSync(file)]), startParams: shortLivedStartParams() });
        await restored.waitReady;
        companies = (await restored.query<{ companies: number }>('SELECT count(*)::int AS companies FROM "Company"')).rows[0]!.companies;
        await restored.close();
      } catch (error) {
        rmSync(staging, { recursive: true, force: true });
        throw new BackupError(`${file} is not a backup of this service's embedded database (${(error as Error).message}).`);
      }
      const kept = existsSync(target) ? `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : null;
      if (kept) renameSync(target, kept);
      renameSync(staging, target);
      out.line(`Restored ${file} into ${target} (${companies} ${companies === 1 ? 'company' : 'companies'}).`);
      if (kept) out.line(`The data folder it replaced is kept as ${kept}; delete it once the restore is checked.`);
    } finally {
      claim.release();
    }
  },
});

export const backupCommands = [backup, restore];
