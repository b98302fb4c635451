// A new embedded data folder starts as a copy of an empty database that has every migration applied: the
// template, kept in node_modules/.cache and keyed by the migrations and the PGlite version. Creating a
// PGlite cluster (initdb in WebAssembly) and applying every migration takes seconds; copying a closed
// cluster's files and reopening it takes well under one. The first fresh folder builds the template.
// Any failure here only means the folder is created the slow way.
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, readMigrations } from './migrations.js';
import { pgliteRunner } from './sql-runner.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEMPLATE_CACHE = path.join(ROOT, 'node_modules/.cache/inventory-service');

function templateKey(): string {
  const pgliteVersion = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;
  const hash = createHash('sha256').update(pgliteVersion);
  for (const migration of readMigrations()) hash.update(`${migration.name}:${migration.checksum}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** A folder holds a cluster once initdb has written PG_VERSION. */
function isEmptyFolder(location: string): boolean {
  return !existsSync(location) || readdirSync(location).length === 0;
}

async function buildTemplate(target: string): Promise<void> {
  const building = `${target}.building-${randomBytes(4).toString('hex')}`;
  mkdirSync(building, { recursive: true });
  try {
    const pglite = new PGlite(building);
    await pglite.waitReady;
    try {
      await applyMigrations(pgliteRunner(pglite));
    } finally {
      await pglite.close();
    }
    renameSync(building, target); // atomic: a template is whole or absent
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
    if (!existsSync(template)) await buildTemplate(template);
    cpSync(template, location, { recursive: true });
    return true;
  } catch {
    rmSync(location, { recursive: true, force: true });
    mkdirSync(location, { recursive: true });
    return false;
  }
}
