// Prisma CLI configuration: the JavaScript engine with the PGlite adapter, so every CLI command used
// here (generate, migrate diff) runs offline without native engine binaries.
import { defineConfig } from 'prisma/config';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  experimental: { adapter: true },
  engine: 'js',
  // Typed against an older driver-adapter-utils; the runtime interface matches (see src/db/database.ts).
  adapter: async () => new PrismaPGlite(new PGlite()) as any,
});
