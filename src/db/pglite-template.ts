// A new embedded database starts as a copy of an empty database that has every migration applied: the
// template, kept in node_modules/.cache and keyed by the migrations and the PGlite version. Creating a
// PGlite cluster (initdb in WebAssembly) and applying every migration takes seconds; copying a closed
// cluster's files and reopening it takes well under one. A data folder is filled from the template's folder;
// an in-memory database (the tests') is loaded from the template's tarball. The first use builds each.
// Any failure here only means the database is created the slow way.
import { PGlite } from '@electric-sql/pglite';
import { shortLivedStartParams } from './pglite-start.js';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations, migrationsChecksum } from './migrations.js';
import { pgliteRunner } from './sql-runner.js';
import { PROJECT_ROOT } from '../project-root.js';

export const TEMPLATE_CACHE = path.join(PROJECT_ROOT, 'node_modules/.cache/inventory-service');

function pgliteVersion(): string {
  return JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;
}

/** Names the migrated template: a new PGlite version or any change of the migrations makes a new one. */
function templateKey(): string {
  return createHash('sha256').update(`${pgliteVersion()}\n${migrationsChecksum()}`).digest('hex').slice(0, 16);
}

/** A folder holds a cluster once initdb has written PG_VERSION. */
function isEmptyFolder(location: string): boolean {
  return !existsSync(location) || readdirSync(location).length === 0;
}

/**
 * How the in-memory image is made small: every test file loads it (a copy into WebAssembly memory), and loading
 * took time in proportion to its size, 48 MB of which two template databases (nobody creates a database in
 * memory) and a 16 MB log segment were most. WAL segments of 1 MB, kept to two while it is built.
 */
const SMALL_IMAGE: ConstructorParameters<typeof PGlite>[0] = {
  initDbStartParams: ['--wal-segsize=1'],
  startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=2MB'],
};

/** Leaves only the database PGlite serves, its tables rewritten without what the migrations left dead, and one checkpoint's log. */
async function shrinkForImage(pglite: PGlite): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await pglite.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await pglite.query(`DROP DATABASE ${name}`);
  }
  await pglite.query('VACUUM FULL');
  // The second checkpoint lets the log segments before the first one go.
  await pglite.query('CHECKPOINT');
  await pglite.query('CHECKPOINT');
}

/**
 * A new cluster in `building` (a folder), or for an in-memory image (null) a small one, migrated or not, handed to
 * `keep` before it is closed.
 */
async function buildCluster(building: string | null, migrated: boolean, keep: (pglite: PGlite) => Promise<void>): Promise<void> {
  const pglite = building === null ? new PGlite(SMALL_IMAGE) : new PGlite(building);
  await pglite.waitReady;
  try {
    if (migrated) await applyMigrations(pgliteRunner(pglite));
    if (building === null) await shrinkForImage(pglite);
    await keep(pglite);
  } finally {
    await pglite.close();
  }
}

/** Builds `target` (a folder or a file) under a temporary name, then renames it: a template is whole or absent. */
async function buildAtomically(target: string, build: (building: string) => Promise<void>): Promise<void> {
  const building = `${target}.building-${randomBytes(4).toString('hex')}`;
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    await build(building);
    renameSync(building, target);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(target)) throw error; // another process won the race: use its template
  }
}

/** Fills a new, empty cluster folder from the template (building it first if need be); false when it could not. */
export async function seedFromTemplate(location: string): Promise<boolean> {
  if (!isEmptyFolder(location)) return false;
  try {
    const template = path.join(TEMPLATE_CACHE, `pglite-${templateKey()}`);
    if (!existsSync(template)) {
      await buildAtomically(template, async (building) => {
        mkdirSync(building, { recursive: true });
        await buildCluster(building, true, async () => {});
      });
    }
    cpSync(template, location, { recursive: true });
    return true;
  } catch {
    rmSync(location, { recursive: true, force: true });
    mkdirSync(location, { recursive: true });
    return false;
  }
}

const imagesInProcess = new Map<boolean, Promise<Blob | null>>();

/**
 * A new cluster as an uncompressed tarball, for PGlite's `loadDataDir`: the migrated template, or (`migrated:
 * false`) what initdb leaves, for what must start before any migration. Built and cached first if need be,
 * read once per process; null when it could not be had.
 */
export function templateImage({ migrated }: { migrated: boolean } = { migrated: true }): Promise<Blob | null> {
  let image = imagesInProcess.get(migrated);
  if (!image) {
    image = (async () => {
      try {
        const file = path.join(TEMPLATE_CACHE, migrated ? `pglite-memory-${templateKey()}.tar` : `pglite-memory-initdb-${pgliteVersion()}.tar`);
        if (!existsSync(file)) {
          await buildAtomically(file, (building) =>
            buildCluster(null, migrated, async (pglite) => writeFileSync(building, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))),
          );
        }
        return new Blob([readFileSync(file)]);
      } catch {
        return null;
      }
    })();
    imagesInProcess.set(migrated, image);
  }
  return image;
}

/** A new in-memory cluster, ready, loaded from a template's tarball (migrated, or initdb's) instead of made by initdb. */
export async function inMemoryCluster({ migrated }: { migrated: boolean }): Promise<PGlite> {
  const image = await templateImage({ migrated });
  const startParams = shortLivedStartParams();
  const pglite = new PGlite(image ? { loadDataDir: image, startParams } : { startParams });
  await pglite.waitReady;
  return pglite;
}
