// Shared setup of the units domain tests: a fresh database, one company, and its tenant-scoped client.
import { createCompany } from '../../src/domain/tenancy/companies.js';
import { tenantClient, type TenantDb } from '../../src/db/tenant-client.js';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase } from '../support/test-database.js';
import { createUnitClass } from '../../src/domain/units/unit-classes.js';
import { createUnitOfMeasure } from '../../src/domain/units/units-of-measure.js';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { byId } from '../../src/db/tenant-client.js';

export interface UnitsWorld {
  database: Database;
  db: TenantDb;
  companyId: number;
}

export async function openUnitsWorld(slug = 'units'): Promise<UnitsWorld> {
  const database = await openTestDatabase();
  const { company } = await createCompany(database.prisma, { slug, name: 'Units Co', adminEmail: `admin@${slug}.test`, adminPassword: 'correct horse battery staple' });
  return { database, db: tenantClient(database.prisma, company.id), companyId: company.id };
}

/** A class with units given as [name, factor to the first unit]; the first unit is the base. */
export async function createClassWithUnits(db: TenantDb, className: string, units: Array<[string, string | null]>): Promise<{ classId: number; ids: Record<string, number> }> {
  const unitClass = await createUnitClass(db, { name: className });
  const ids: Record<string, number> = {};
  for (const [name, factor] of units) {
    const unit = await createUnitOfMeasure(db, { unitClassId: unitClass.id, name, conversionFactor: factor === null ? null : new Decimal(factor) });
    ids[name] = unit.id;
  }
  return { classId: unitClass.id, ids };
}

export async function createProduct(db: TenantDb, sku: string, defaultUomId: number | null = null, alternateSkus: string[] = []) {
  // Nested creates are not stamped with the company by the tenant client: each row is created on its own.
  const product = await db.product.create({ data: { name: `Product ${sku}`, sku, defaultUomId } as any });
  for (const alternate of alternateSkus) await db.productAlternateSku.create({ data: { productId: product.id, sku: alternate } as any });
  return db.product.findUniqueOrThrow({ where: byId(product.id), include: { alternateSkus: { orderBy: { id: 'asc' } } } });
}
