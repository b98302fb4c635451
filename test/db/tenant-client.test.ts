// The tenant-scoped client puts the current company into every key: a row named by `byId` is found only
// in its own company, a compound key naming another company is rewritten, and the key used on an unscoped
// client finds nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, type TenantDb } from '../../src/db/tenant-client.js';
import { companyWithClient } from '../support/seed.js';
import { databaseForTests } from '../support/file-server.js';

const database = databaseForTests();
let acme: TenantDb;
let globex: TenantDb;
let acmeId: number;
let productId: number;

beforeAll(async () => {
  ({ companyId: acmeId, db: acme } = await companyWithClient(database.prisma, 'acme'));
  globex = (await companyWithClient(database.prisma, 'globex')).db;
  productId = (await acme.product.create({ data: { name: 'Widget', sku: 'W-1' } as any })).id;
});

describe('tenant-scoped keys', () => {
  it('finds, updates and deletes a row by id only within its company', async () => {
    expect(await acme.product.findUnique({ where: byId(productId), select: { sku: true } })).toEqual({ sku: 'W-1' });
    expect(await globex.product.findUnique({ where: byId(productId) })).toBeNull();
    await expect(globex.product.update({ where: byId(productId), data: { name: 'Stolen' } })).rejects.toMatchObject({ code: 'P2025' });
    await expect(globex.product.delete({ where: byId(productId) })).rejects.toMatchObject({ code: 'P2025' });
    expect((await acme.product.findUniqueOrThrow({ where: byId(productId) })).name).toBe('Widget');
  });

  it('replaces a company named in a compound key with the current one', async () => {
    const foreignKey = { companyId_id: { companyId: acmeId, id: productId } };
    expect(await globex.product.findUnique({ where: foreignKey })).toBeNull();
    expect(await globex.product.findUnique({ where: { companyId_sku: { companyId: acmeId, sku: 'W-1' } } })).toBeNull();
    expect(await acme.product.findUnique({ where: { companyId_sku: { companyId: 0, sku: 'W-1' } }, select: { id: true } })).toEqual({ id: productId });
  });

  it('a byId key on the unscoped client matches no company', async () => {
    expect(await database.prisma.product.findUnique({ where: byId(productId) })).toBeNull();
  });
});
