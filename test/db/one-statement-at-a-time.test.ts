// Inside a transaction every statement goes to one PostgreSQL connection, and a connection must never be given a
// statement while the one before is unanswered (pg 8.19+ warns, pg 9 refuses), as Prisma's query interpreter does
// when it loads a record's relations (prisma/orm#29407). Every call to a pg connection is watched here, and the
// most it was ever given at once must be one. (test/support/no-busy-connection.ts fails any file that makes pg warn.)
// On PGlite there is no pg connection to give two statements to; this runs on PostgreSQL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { onPostgres, openTestDatabase } from '../support/test-database.js';

describe.skipIf(!onPostgres)('a transaction on PostgreSQL sends one statement at a time', () => {
  let database: Database;
  let companyId = 0;
  let productId = 0;
  const query = pg.Client.prototype.query;
  /** Per connection: statements given and not yet answered, and the most there ever were. */
  const busy = new WeakMap<pg.Client, number>();
  let mostAtOnce = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const created = await createCompany(database.prisma, { slug: 'acme', name: 'Acme', adminEmail: 'a@acme.test', adminPassword: 'correct horse battery staple' });
    companyId = created.company.id;
    const product = await database.prisma.product.create({ data: { companyId, name: 'Kit', sku: 'KIT-1', type: 'KIT' } });
    productId = product.id;
    await database.prisma.productAlternateSku.create({ data: { companyId, productId, sku: 'KIT-ALT' } });

    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const now = (busy.get(this) ?? 0) + 1;
      busy.set(this, now);
      mostAtOnce = Math.max(mostAtOnce, now);
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      const done = () => void busy.set(this, (busy.get(this) ?? 1) - 1);
      if (answer instanceof Promise) answer.then(done, done);
      else done();
      return answer;
    } as typeof query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await database?.close();
  });

  it("when Prisma loads a record's relations in a transaction", async () => {
    const loaded = await database.prisma.$transaction((tx) =>
      tx.product.update({
        where: { companyId_id: { companyId, id: productId } },
        data: { name: 'Kit again' },
        include: { alternateSkus: true, kitItems: true, tags: true, variants: true },
      }),
    );
    expect(loaded.alternateSkus.map((alternate) => alternate.sku)).toEqual(['KIT-ALT']);
    expect(mostAtOnce).toBe(1);
  });
});
