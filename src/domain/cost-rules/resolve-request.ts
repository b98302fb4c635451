// POST /cost-rules/resolve: checks the request (every field named in a 422), then resolves.
import type { TenantDb } from '../../db/tenant-client.js';
import { requireFeature } from '../tenancy/index.js';
import type { Decimal } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkCurrencyCode, checkDateOnly, checkDecimal, checkOneOf, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { DOCUMENT_TYPES } from './cost-rule-enums.js';
import { resolutionJson, resolveCostRule } from './resolve.js';

export interface ResolveRequest {
  documentType?: string | null;
  vendorId?: number | null;
  productId?: number | null;
  quantity?: Decimal | null;
  date?: string | null;
  warehouseId?: number | null;
  productionBatchId?: number | null;
  currency?: string | null;
  serviceUnitPrice?: Decimal | null;
}

export async function resolveCostRuleRequest(db: TenantDb, input: ResolveRequest): Promise<ReturnType<typeof resolutionJson>> {
  await requireFeature(db, 'cost_rules');
  const errors = new FieldErrorCollector();
  if (input.documentType == null) errors.add('documentType', 'The document type field is required.');
  const documentType = checkOneOf(errors, 'documentType', input.documentType, DOCUMENT_TYPES);
  if (input.productId == null) errors.add('productId', 'The product id field is required.');
  if (input.quantity == null) errors.add('quantity', 'The quantity field is required.');
  checkDecimal(errors, 'quantity', input.quantity, { ...LEDGER_DECIMAL, min: 0, minExclusive: true });
  checkDecimal(errors, 'serviceUnitPrice', input.serviceUnitPrice, { ...LEDGER_DECIMAL, min: 0 });
  if (input.date != null) checkDateOnly(errors, 'date', input.date);
  checkCurrencyCode(errors, 'currency', input.currency);
  const [product, vendor, warehouse, batch] = await Promise.all([
    input.productId == null ? true : db.product.findFirst({ where: { id: input.productId }, select: { id: true } }),
    input.vendorId == null ? true : db.supplier.findFirst({ where: { id: input.vendorId }, select: { id: true } }),
    input.warehouseId == null ? true : db.location.findFirst({ where: { id: input.warehouseId, parentId: null }, select: { id: true } }),
    input.productionBatchId == null ? true : db.productionBatch.findFirst({ where: { id: input.productionBatchId }, select: { id: true } }),
  ]);
  if (!product) errors.add('productId', `The selected product ${input.productId} does not exist.`);
  if (!vendor) errors.add('vendorId', `The selected vendor ${input.vendorId} does not exist.`);
  if (!warehouse) errors.add('warehouseId', `The selected warehouse ${input.warehouseId} does not exist (a warehouse is a top-level location).`);
  if (!batch) errors.add('productionBatchId', `The selected production batch ${input.productionBatchId} does not exist.`);
  errors.throwIfAny();
  const resolution = await resolveCostRule(db, {
    documentType: documentType!,
    vendorId: input.vendorId ?? null,
    productId: input.productId!,
    quantity: input.quantity!,
    date: input.date ?? null,
    warehouseId: input.warehouseId ?? null,
    productionBatchId: input.productionBatchId ?? null,
    currency: input.currency ?? null,
    serviceUnitPrice: input.serviceUnitPrice ?? null,
  });
  return resolutionJson(resolution);
}
