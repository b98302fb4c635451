// A new in-memory PGlite cluster with nothing in it yet, as `new PGlite()` makes one, but loaded from the
// cached initdb tarball (src/db/pglite-template.ts) instead of running initdb in WebAssembly each time.
import { PGlite } from '@electric-sql/pglite';
import { templateImage } from '../../src/db/pglite-template.js';

export async function freshPglite(): Promise<PGlite> {
  const image = await templateImage({ migrated: false });
  const pglite = new PGlite(image ? { loadDataDir: image } : {});
  await pglite.waitReady;
  return pglite;
}
