// Pushes a purchase order to the external warehouse system (WMS) of its delivery warehouse's group as an
// inbound shipment: POST {external_wms_url}/inbound-shipments with the group's API key as a Bearer token and
// the JSON documented in docs/areas/purchasing.md. The order is read and claimed in one short transaction, the call is
// made outside any transaction (it may take up to 10 s), and the outcome is recorded in a second one: a
// success stores the external id and URL and what was sent and received; a failure only sets sync_status
// failed and answers 502 naming what the other side did. A push already under way answers 409, as does a
// push of a synced order without force.
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { sendOutbound, type OutboundPolicy } from '../../outbound/http-request.js';
import { formatDateOnly } from '../shared/dates.js';
import { Decimal } from '../shared/decimal.js';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../shared/errors.js';

export const WMS_INTEGRATION = 'wms';
const WMS = 'the warehouse system';
const PUSH_LEASE_MS = 30_000;

export interface InboundSyncResult {
  purchaseOrderId: number;
  syncStatus: string;
  lastSyncedAt: Date | null;
  externalShipmentId: string | null;
  externalSystemUrl: string | null;
  inboundShipment: unknown;
}

export async function pushInboundShipment(db: TenantDb, orderId: number, force: boolean, outbound: OutboundPolicy): Promise<InboundSyncResult> {
  const { payload, url, apiKey } = await claimAndPrepare(db, orderId, force);
  let answer: { id: string; url: string | null; body: unknown };
  try {
    const response = await sendOutbound(
      { system: WMS, method: 'POST', url: `${url.replace(/\/+$/, '')}/inbound-shipments`, headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {}, json: payload, timeoutMs: 10_000 },
      outbound,
    );
    if (response.status < 200 || response.status > 299) {
      const said = response.json && typeof response.json === 'object' && 'message' in response.json ? `: ${String((response.json as { message: unknown }).message).slice(0, 200)}` : '';
      throw new UpstreamError(`The warehouse system answered HTTP ${response.status}${said}.`);
    }
    const body = response.json as { id?: unknown; url?: unknown } | undefined;
    if (!body || (typeof body.id !== 'string' && typeof body.id !== 'number')) {
      throw new UpstreamError(`The warehouse system answered HTTP ${response.status} without the id of the inbound shipment.`);
    }
    answer = { id: String(body.id), url: typeof body.url === 'string' ? body.url : null, body: response.json };
  } catch (error) {
    await db.purchaseOrder.updateMany({ where: { id: orderId }, data: { syncStatus: 'failed', syncLockedUntil: null } });
    throw error;
  }
  const order = await db.purchaseOrder.update({
    where: byId(orderId),
    data: {
      syncStatus: 'synced',
      lastSyncedAt: new Date(),
      externalShipmentId: answer.id,
      externalSystemUrl: answer.url,
      inboundShipment: { sent: payload, received: answer.body } as Prisma.InputJsonObject,
      syncLockedUntil: null,
    },
  });
  return syncResult(order);
}

export function syncResult(order: {
  id: number;
  syncStatus: string;
  lastSyncedAt: Date | null;
  externalShipmentId: string | null;
  externalSystemUrl: string | null;
  inboundShipment: unknown;
}): InboundSyncResult {
  return {
    purchaseOrderId: order.id,
    syncStatus: order.syncStatus,
    lastSyncedAt: order.lastSyncedAt,
    externalShipmentId: order.externalShipmentId,
    externalSystemUrl: order.externalSystemUrl,
    inboundShipment: order.inboundShipment,
  };
}

async function claimAndPrepare(db: TenantDb, orderId: number, force: boolean) {
  return db.$transaction(async (tx) => {
    const order = await tx.purchaseOrder.findUnique({
      where: byId(orderId),
      include: {
        lines: { orderBy: { position: 'asc' }, include: { product: true } },
        supplier: true,
        warehouse: { include: { warehouseGroup: true } },
      },
    });
    if (!order) throw new NotFoundError('Purchase order', orderId);
    if (!['submitted', 'partially_received'].includes(order.status)) {
      throw new ValidationError({ status: [`Only a submitted or partially received purchase order is pushed to a warehouse system; this one is ${order.status}.`] });
    }
    const group = order.warehouse.warehouseGroup;
    if (!group?.externallyManaged || !group.externalWmsUrl) {
      throw new ValidationError({
        warehouseId: [`The delivery warehouse ${order.warehouse.name} is not in an externally managed warehouse group with a warehouse system URL.`],
      });
    }
    const productIds = [...new Set(order.lines.map((line) => line.productId))];
    const mappings = await tx.integrationMapping.findMany({
      where: {
        integration: WMS_INTEGRATION,
        OR: [
          { entityType: 'product', internalId: { in: productIds } },
          { entityType: 'supplier', internalId: order.supplierId },
          { entityType: 'location', internalId: order.warehouseId },
        ],
      },
    });
    const externalId = (entityType: string, id: number) => mappings.find((m) => m.entityType === entityType && m.internalId === id)?.externalId ?? null;
    const unmapped = order.lines.filter((line) => externalId('product', line.productId) === null).map((line) => line.product.sku);
    if (unmapped.length > 0) {
      throw new ValidationError({ lines: [`These SKUs have no ${WMS_INTEGRATION} mapping: ${[...new Set(unmapped)].join(', ')}.`] });
    }
    if (order.syncStatus === 'synced' && !force) {
      throw new ConflictError(`Purchase order ${order.poNumber} was pushed already (inbound shipment ${order.externalShipmentId}); send force: true to push it again.`);
    }
    const now = new Date();
    const claimed = await tx.purchaseOrder.updateMany({
      where: { id: orderId, OR: [{ syncLockedUntil: null }, { syncLockedUntil: { lt: now } }] },
      data: { syncLockedUntil: new Date(now.getTime() + PUSH_LEASE_MS) },
    });
    if (claimed.count === 0) throw new ConflictError(`A push of purchase order ${order.poNumber} is under way; try again when it has finished.`);

    const fieldMappings = await tx.integrationFieldMapping.findMany({ where: { integration: WMS_INTEGRATION }, orderBy: { id: 'asc' } });
    const extra = (entityType: string, record: Record<string, unknown>) =>
      Object.fromEntries(
        fieldMappings
          .filter((m) => m.entityType === entityType)
          .map((m) => [m.externalField, jsonValue(record[m.internalField])]),
      );
    const payload = {
      reference: order.poNumber,
      expected_date: formatDateOnly(order.expectedDate),
      supplier: { id: order.supplierId, external_id: externalId('supplier', order.supplierId), name: order.supplier.name, ...extra('supplier', order.supplier) },
      warehouse: { id: order.warehouseId, external_id: externalId('location', order.warehouseId), name: order.warehouse.name, ...extra('location', order.warehouse) },
      lines: order.lines.map((line) => ({
        line_id: line.id,
        external_sku: externalId('product', line.productId),
        sku: line.product.sku,
        quantity: Number(Decimal.max(line.baseQuantity.minus(line.baseQuantityReceived), 0).toString()),
        expected_date: formatDateOnly(line.expectedDate ?? order.expectedDate),
        ...extra('product', line.product),
      })),
    };
    return { payload, url: group.externalWmsUrl, apiKey: group.externalWmsApiKey };
  });
}

function jsonValue(value: unknown): unknown {
  if (value instanceof Decimal) return Number(value.toString());
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}
