// Whether the generated Prisma client matches prisma/schema.prisma, so `npm start` only regenerates it when
// the schema changed since the last `npm run generate` (which takes seconds).
//   node scripts/generated-client-stamp.mjs write   after generating: record the schema's hash
//   node scripts/generated-client-stamp.mjs check   exit 0 when the client is current, 1 otherwise
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const STAMP = 'src/generated/.schema-hash';
const hash = () =>
  createHash('sha256')
    .update(readFileSync('prisma/schema.prisma'))
    .update(readFileSync('node_modules/@prisma/client/package.json'))
    .digest('hex');

const mode = process.argv[2];
if (mode === 'write') {
  writeFileSync(STAMP, hash() + '\n');
} else if (mode === 'check') {
  const current = existsSync(STAMP) && existsSync('src/generated/prisma/client.ts') && readFileSync(STAMP, 'utf8').trim() === hash();
  process.exit(current ? 0 : 1);
} else {
  console.error('usage: node scripts/generated-client-stamp.mjs write|check');
  process.exit(2);
}
