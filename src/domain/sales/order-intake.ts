// Order intake: what a channel connector posts (POST /channels/{id}/orders). The order is posted when every
// line resolves to an active product and the address is valid: it becomes a confirmed sales order (stock is
// reserved at once, as a connector's orders are already placed). Otherwise it goes to purgatory with every
// reason (purgatory.ts), to be resolved or discarded by a person.
//
// External SKUs resolve through the channel's product mappings (IntegrationMapping with integration
// `channel:<id>`, saved by resolving purgatory entries), else a product's SKU or alternate SKU.
//
// Replays are safe: intakes of one external order id on one channel serialise on an advisory lock; the same
// id again with the same content answers the existing order (or the pending purgatory entry) and creates
// nothing; the same id with other content goes to purgatory (duplicate_conflict).
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId } from '../../db/tenant-client.js';
import { ACTIVE } from '../products/index.js';
import { Decimal, parseDecimalText } from '../shared/decimal.js';
import { FieldErrorCollector } from '../shared/errors.js';
import { checkDecimal, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { checkAddress, type AddressInput } from './address.js';
import { allocateOrders } from './allocation.js';
import { unlockedChannel } from './channel-lock.js';
import { insertSalesOrder } from './sales-orders.js';
import { recordEvent } from '../events/index.js';
import { salesOrderEvent } from './sales-order-events.js';

export interface IntakeLineInput {
  externalSku?: string | null;
  quantity?: Decimal | null;
  unitPrice?: Decimal | null;
}

export interface IntakeCustomerInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface IntakeInput {
  externalOrderId?: string | null;
  orderDate?: string | null;
  currency?: string | null;
  customer?: IntakeCustomerInput | null;
  shipTo?: AddressInput | null;
  notes?: string | null;
  lines?: IntakeLineInput[] | null;
}

export interface PurgatoryReason {
  code: 'unknown_sku' | 'inactive_product' | 'missing_address' | 'invalid_address' | 'duplicate_conflict' | 'invalid_order';
  message: string;
  /** The line's index, or null for the order. */
  line: number | null;
}

export type IntakeOutcome =
  | { outcome: 'created' | 'existing'; salesOrderId: number; purgatoryEntryId: null }
  | { outcome: 'purgatory'; salesOrderId: null; purgatoryEntryId: number };

/** The mapping integration of a channel's external SKUs. */
export const channelIntegration = (channelId: number) => `channel:${channelId}`;

/**
 * Takes a channel's order as it sent it (snake_case JSON, kept as received in purgatory). A payload that
 * cannot be read as an order (no external_order_id, no lines, a quantity that is not a number) is a 422 and
 * nothing is stored; an order that cannot be posted goes to purgatory.
 */
export async function receiveChannelOrder(db: TenantDb, channelId: number, payload: unknown): Promise<IntakeOutcome> {
  return db.$transaction((tx) => receiveChannelOrderIn(tx, channelId, payload));
}

/** The intake inside a caller's transaction (EDI 850s are taken with their acknowledgements in one). */
export async function receiveChannelOrderIn(tx: TenantTx, channelId: number, payload: unknown): Promise<IntakeOutcome> {
  const channel = await unlockedChannel(tx, channelId);
  const input = readIntake(payload);
  const received = payload as Prisma.InputJsonObject;
  const externalOrderId = input.externalOrderId!;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`intake:${channel.companyId}:${channel.id}:${externalOrderId}`}))`;

  const existing = await tx.salesOrder.findFirst({ where: { channelId, externalOrderId }, select: { id: true, intakePayload: true } });
  if (existing && sameContent(existing.intakePayload, received)) return { outcome: 'existing', salesOrderId: existing.id, purgatoryEntryId: null };
  const pending = await tx.purgatoryEntry.findFirst({ where: { channelId, externalOrderId, status: 'pending' }, orderBy: { id: 'desc' } });
  if (!existing && pending && sameContent(pending.payload, received)) return { outcome: 'purgatory', salesOrderId: null, purgatoryEntryId: pending.id };

  const reasons: PurgatoryReason[] = existing
    ? [{ code: 'duplicate_conflict', message: `Sales order ${existing.id} was posted for external order ${externalOrderId} with other content.`, line: null }]
    : [];
  const orderId = existing ? null : await postIntake(tx, channel.id, input, received, reasons);
  if (orderId !== null) return { outcome: 'created', salesOrderId: orderId, purgatoryEntryId: null };
  const data = { payload: received, reasons: reasons as unknown as Prisma.InputJsonArray };
  const entry = pending
    ? await tx.purgatoryEntry.update({ where: byId(pending.id), data })
    : await tx.purgatoryEntry.create({ data: { channelId, externalOrderId, ...data } as Prisma.PurgatoryEntryUncheckedCreateInput });
  return { outcome: 'purgatory', salesOrderId: null, purgatoryEntryId: entry.id };
}

/**
 * Posts the intake as a confirmed order when nothing stands in the way; otherwise adds why to `reasons` and
 * answers null. Purgatory's resolve tries again through it.
 */
export async function postIntake(tx: TenantTx, channelId: number, input: IntakeInput, payload: Prisma.InputJsonObject, reasons: PurgatoryReason[]): Promise<number | null> {
  const lines = input.lines ?? [];
  const products = await resolveExternalSkus(tx, channelId, lines.map((line) => line.externalSku!));
  lines.forEach((line, index) => {
    const product = products.get(line.externalSku!);
    if (!product) reasons.push({ code: 'unknown_sku', message: `No product, alternate SKU or channel mapping for the external SKU "${line.externalSku}".`, line: index });
    else if (product.status !== ACTIVE) reasons.push({ code: 'inactive_product', message: `Product ${product.sku} (external SKU "${line.externalSku}") is inactive.`, line: index });
  });
  if (input.shipTo == null) reasons.push({ code: 'missing_address', message: 'The order has no ship_to address.', line: null });
  else {
    const errors = new FieldErrorCollector();
    checkAddress(errors, 'shipTo', input.shipTo);
    for (const messages of Object.values(errors.errors)) for (const message of messages) reasons.push({ code: 'invalid_address', message, line: null });
  }
  if (reasons.length > 0) return null;

  const customerId = input.customer?.name ? await findOrCreateCustomer(tx, input.customer) : null;
  const orderId = await insertSalesOrder(
    tx,
    {
      channelId,
      companyId: customerId,
      orderDate: input.orderDate,
      currency: input.currency,
      shipTo: input.shipTo,
      notes: input.notes,
      lines: lines.map((line) => ({ productId: products.get(line.externalSku!)!.id, quantity: line.quantity, unitPrice: line.unitPrice })),
    },
    { externalOrderId: input.externalOrderId!, intakePayload: payload },
  );
  const confirmed = await tx.salesOrder.update({ where: byId(orderId), data: { status: 'confirmed', confirmedAt: new Date() } });
  await allocateOrders(tx, [orderId]);
  await recordEvent(tx, salesOrderEvent('sales_order.confirmed', confirmed));
  return orderId;
}

/**
 * Reads the posted JSON as an intake; what makes it unreadable (not merely unpostable) is a 422 keyed by the
 * field as the channel wrote it.
 */
export function readIntake(payload: unknown): IntakeInput {
  const errors = new FieldErrorCollector();
  const order = isObject(payload) ? payload : {};
  if (!isObject(payload)) errors.add('body', 'The body must be a JSON object.');
  const text = (value: unknown, field: string, max: number, required = false): string | null => {
    if (value == null || (typeof value === 'string' && value.trim() === '')) {
      if (required) errors.add(field, `The ${field.split('.').pop()!.replace(/_/g, ' ')} field is required.`);
      return null;
    }
    if (typeof value !== 'string') errors.add(field, `The ${field.split('.').pop()!.replace(/_/g, ' ')} must be a string.`);
    else if (value.trim().length > max) errors.add(field, `The ${field.split('.').pop()!.replace(/_/g, ' ')} may not be greater than ${max} characters.`);
    else return value.trim();
    return null;
  };
  const decimal = (value: unknown, field: string, required: boolean): Decimal | null => {
    if (value == null) {
      if (required) errors.add(field, 'The quantity field is required.');
      return null;
    }
    const parsed = typeof value === 'number' && Number.isFinite(value) ? new Decimal(String(value)) : typeof value === 'string' ? parseDecimalText(value) : null;
    if (!parsed) errors.add(field, 'The value must be a number.');
    else checkDecimal(errors, field, parsed, { ...LEDGER_DECIMAL, min: 0, minExclusive: required });
    return parsed;
  };
  const externalOrderId = text(order.external_order_id, 'external_order_id', 255, true);
  const lines = Array.isArray(order.lines) ? order.lines : [];
  if (lines.length === 0) errors.add('lines', 'The lines field is required and must hold at least one line.');
  const customer = isObject(order.customer) ? order.customer : null;
  if (order.customer != null && !customer) errors.add('customer', 'The customer must be an object.');
  if (order.ship_to != null && !isObject(order.ship_to)) errors.add('ship_to', 'The ship to must be an object.');
  const shipTo = isObject(order.ship_to) ? order.ship_to : null;
  const read: IntakeInput = {
    externalOrderId,
    orderDate: text(order.order_date, 'order_date', 10),
    currency: text(order.currency, 'currency', 3),
    notes: text(order.notes, 'notes', 65_535),
    customer: customer && { name: text(customer.name, 'customer.name', 255), email: text(customer.email, 'customer.email', 255), phone: text(customer.phone, 'customer.phone', 64) },
    // The address is checked when posting: a bad one sends the order to purgatory rather than back.
    shipTo: shipTo && {
      name: stringOrNull(shipTo.name), street1: stringOrNull(shipTo.street_1), street2: stringOrNull(shipTo.street_2), city: stringOrNull(shipTo.city),
      state: stringOrNull(shipTo.state), zip: stringOrNull(shipTo.zip), country: stringOrNull(shipTo.country),
    },
    lines: lines.map((line: unknown, index: number) => {
      const at = (field: string) => `lines.${index}.${field}`;
      if (!isObject(line)) {
        errors.add(`lines.${index}`, 'A line must be an object.');
        return {};
      }
      return { externalSku: text(line.external_sku, at('external_sku'), 255, true), quantity: decimal(line.quantity, at('quantity'), true), unitPrice: decimal(line.unit_price, at('unit_price'), false) };
    }),
  };
  errors.throwIfAny();
  return read;
}

const isObject = (value: unknown): value is Record<string, any> => value !== null && typeof value === 'object' && !Array.isArray(value);
const stringOrNull = (value: unknown): string | null => (value == null ? null : String(value));

/** External SKU → product: the channel's mappings first, then SKUs and alternate SKUs. Three queries. */
async function resolveExternalSkus(tx: TenantTx, channelId: number, skus: string[]) {
  const wanted = [...new Set(skus)];
  const select = { id: true, sku: true, status: true } as const;
  const [mappings, own, alternates] = await Promise.all([
    tx.integrationMapping.findMany({ where: { integration: channelIntegration(channelId), entityType: 'product', externalId: { in: wanted } }, select: { externalId: true, internalId: true } }),
    tx.product.findMany({ where: { sku: { in: wanted } }, select }),
    tx.productAlternateSku.findMany({ where: { sku: { in: wanted } }, select: { sku: true, product: { select } } }),
  ]);
  const mapped = mappings.length ? await tx.product.findMany({ where: { id: { in: mappings.map((m) => m.internalId) } }, select }) : [];
  const found = new Map<string, { id: number; sku: string; status: number }>();
  for (const alternate of alternates) found.set(alternate.sku, alternate.product);
  for (const product of own) found.set(product.sku, product);
  for (const mapping of mappings) {
    const product = mapped.find((p) => p.id === mapping.internalId);
    if (product) found.set(mapping.externalId, product);
  }
  return found;
}

/** The customer company with the intake's email (else its exact name), created when there is none. */
async function findOrCreateCustomer(tx: TenantTx, customer: IntakeCustomerInput): Promise<number> {
  const email = customer.email?.trim() || null;
  const name = customer.name!.trim();
  const found = await tx.customerCompany.findFirst({ where: email ? { email: { equals: email, mode: 'insensitive' } } : { name }, select: { id: true }, orderBy: { id: 'asc' } });
  if (found) return found.id;
  const created = await tx.customerCompany.create({ data: { name, email, phone: customer.phone?.trim() || null } as Prisma.CustomerCompanyUncheckedCreateInput });
  return created.id;
}

/** Two payloads say the same when their JSON is equal whatever the order of keys. */
function sameContent(stored: unknown, received: unknown): boolean {
  const canonical = (value: unknown): string =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key] ?? null)}`).join(',')}}`
      : Array.isArray(value)
        ? `[${value.map((item) => canonical(item)).join(',')}]`
        : JSON.stringify(value);
  return stored != null && canonical(stored) === canonical(received);
}
