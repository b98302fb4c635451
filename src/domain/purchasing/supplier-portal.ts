// The supplier portal: a one-click link that lets the supplier of a submitted purchase order accept it,
// reject it or propose per-line changes, without an account. A link is valid for its order's current link
// version until it expires; opening a new link or revoking replaces the version, so older links stop
// working. The answer is stored on the order as supplier_response; accepting it applies proposed changes.
import { compactJsonSql } from '../shared/json-sql.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantDb, TenantTx } from '../../db/tenant-client.js';
import { byId, companyIdOf } from '../../db/tenant-client.js';
import { formatDateOnly, parseDateOnly } from '../shared/dates.js';
import { Decimal, parseDecimalText } from '../shared/decimal.js';
import { FieldErrorCollector, NotFoundError, ValidationError } from '../shared/errors.js';
import { checkDecimal, checkMaxLength, LEDGER_DECIMAL } from '../shared/field-checks.js';
import { currentCompany } from '../tenancy/index.js';
import { lineAmounts, orderTotals } from './purchase-order-lines.js';
import { recordEvent } from '../events/index.js';
import { purchaseOrderEvent } from './purchase-order-events.js';
import { readAnswer, type AnswerQuery } from '../shared/pass-through-query.js';

export const DEFAULT_PORTAL_DAYS = 14;
const ANSWERABLE = ['submitted', 'partially_received'];

export interface PortalLinkGrant {
  purchaseOrderId: number;
  version: number;
  expiresAt: Date;
}

/** Opens a new link for the order (older ones stop working). */
export async function openPortalLink(db: TenantDb, orderId: number, days: number | null | undefined, now = new Date()): Promise<PortalLinkGrant> {
  const lifetime = days ?? DEFAULT_PORTAL_DAYS;
  if (!Number.isInteger(lifetime) || lifetime < 1 || lifetime > 90) throw new ValidationError({ expiresInDays: ['The link lives from 1 to 90 days.'] });
  return db.$transaction(async (tx) => {
    const expiresAt = new Date(now.getTime() + lifetime * 86_400_000);
    const opened = await tx.purchaseOrder.updateMany({
      where: { id: orderId, status: { in: ANSWERABLE } },
      data: { portalLinkVersion: { increment: 1 }, portalLinkExpiresAt: expiresAt },
    });
    const order = await tx.purchaseOrder.findUnique({ where: byId(orderId), select: { status: true, portalLinkVersion: true } });
    if (!order) throw new NotFoundError('Purchase order', orderId);
    if (opened.count === 0) throw new ValidationError({ status: [`Only a submitted purchase order is shared with its supplier; this one is ${order.status}.`] });
    return { purchaseOrderId: orderId, version: order.portalLinkVersion, expiresAt };
  });
}

export async function revokePortalLink(db: TenantDb, orderId: number): Promise<{ purchaseOrderId: number; revoked: boolean }> {
  return db.$transaction(async (tx) => {
    const revoked = await tx.purchaseOrder.updateMany({ where: { id: orderId }, data: { portalLinkVersion: { increment: 1 }, portalLinkExpiresAt: null } });
    if (revoked.count === 0) throw new NotFoundError('Purchase order', orderId);
    return { purchaseOrderId: orderId, revoked: true };
  });
}

export type PortalRefusal = 'revoked' | 'expired' | 'closed';

/** The order a link of `version` opens, or why it opens nothing. */
export async function portalOrder(db: TenantDb | TenantTx, orderId: number, version: number, now = new Date()) {
  const order = await db.purchaseOrder.findUnique({
    where: byId(orderId),
    include: { supplier: true, warehouse: true, lines: { orderBy: { position: 'asc' }, include: { product: true, uom: true } } },
  });
  if (!order || order.portalLinkVersion !== version) return { refusal: 'revoked' as PortalRefusal };
  if (!order.portalLinkExpiresAt || order.portalLinkExpiresAt <= now) return { refusal: 'expired' as PortalRefusal };
  if (!ANSWERABLE.includes(order.status)) return { refusal: 'closed' as PortalRefusal };
  const { name: companyName } = await currentCompany(db);
  return { order, companyName };
}

/** The supplier's answer as stored on the order (decimals as text). */
export interface SupplierResponse {
  status: 'accepted' | 'rejected' | 'changes_proposed';
  responded_at: string;
  note: string | null;
  lines: { line_id: number; quantity: string; unit_cost: string; expected_date: string | null }[];
  applied_at?: string;
}

/** The stored answer with its decimals as JSON numbers, as the API shows it. */
export function supplierResponseView(stored: unknown): unknown {
  const response = stored as SupplierResponse | null;
  if (!response) return null;
  return { ...response, lines: (response.lines ?? []).map((line) => ({ ...line, quantity: Number(line.quantity), unit_cost: Number(line.unit_cost) })) };
}

// supplierResponseView as SQL over the stored jsonb, writing the JSON text JSON.stringify writes of the view:
// keys in the order the stored object gives them (jsonb's, which is the order Prisma's answer has too), `lines`
// (and a line's quantity and unit_cost) in place, or added last when the stored object lacks them, and no spaces.

/** JavaScript's Number() of a jsonb value as numeric SQL; NULL where it gives NaN (which JSON writes as null). */
const javascriptNumberSql = (value: string) => `CASE jsonb_typeof(${value})
    WHEN 'number' THEN trim_scale((${value})::numeric)
    WHEN 'string' THEN (SELECT CASE WHEN t.text = '' THEN 0
      WHEN t.text ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]{1,3})?$' THEN trim_scale(t.text::numeric) END
      FROM (SELECT btrim(${value} #>> '{}', E' \\t\\n\\r\\f\\x0B') AS text) t)
    WHEN 'null' THEN 0
    WHEN 'boolean' THEN CASE WHEN (${value})::boolean THEN 1 ELSE 0 END
  END`;

/** A number as the JSON text of Number(value). */
const javascriptNumberJson = (value: string) => `coalesce((${javascriptNumberSql(value)})::text, 'null')`;

/**
 * A jsonb value as JSON.stringify writes what JSON.parse reads of it: numbers without trailing zeros, objects and
 * arrays without the spaces jsonb's text puts after `,` and `:` (strings are matched whole, so theirs stay).
 */
const storedValueJson = (value: string) => `CASE jsonb_typeof(${value})
    WHEN 'number' THEN trim_scale((${value})::numeric)::text
    WHEN 'object' THEN ${compactJsonSql(value)}::text
    WHEN 'array' THEN ${compactJsonSql(value)}::text
    ELSE (${value})::text END`;

/** `{...line, quantity: Number(line.quantity), unit_cost: Number(line.unit_cost)}` of one stored line. */
const responseLineJson = (line: string) => `(SELECT '{' || concat_ws(',',
      string_agg(to_json(f.key)::text || ':' || CASE WHEN f.key IN ('quantity', 'unit_cost') THEN ${javascriptNumberJson('f.value')} ELSE ${storedValueJson('f.value')} END, ',' ORDER BY f.n),
      CASE WHEN (${line}) -> 'quantity' IS NULL THEN '"quantity":null' END,
      CASE WHEN (${line}) -> 'unit_cost' IS NULL THEN '"unit_cost":null' END) || '}'
    FROM jsonb_each(${line}) WITH ORDINALITY AS f(key, value, n))`;

/** `(response.lines ?? []).map(…)` of the stored lines. */
const responseLinesJson = (lines: string) => `CASE WHEN jsonb_typeof(${lines}) = 'array' THEN (
    SELECT '[' || coalesce(string_agg(${responseLineJson(`CASE WHEN jsonb_typeof(l.value) = 'object' THEN l.value ELSE '{}'::jsonb END`)}, ',' ORDER BY l.n), '') || ']'
    FROM jsonb_array_elements(${lines}) WITH ORDINALITY AS l(value, n)) ELSE '[]' END`;

/** supplierResponseView of the jsonb `stored` (an order's supplierResponse column) as SQL json; NULL unless an object. */
export const supplierResponseViewSql = (stored: string) => `CASE WHEN jsonb_typeof(${stored}) = 'object' THEN (
    SELECT ('{' || concat_ws(',',
      string_agg(to_json(e.key)::text || ':' || CASE WHEN e.key = 'lines' THEN ${responseLinesJson('e.value')} ELSE ${storedValueJson('e.value')} END, ',' ORDER BY e.n),
      CASE WHEN (${stored}) -> 'lines' IS NULL THEN '"lines":[]' END) || '}')::json
    FROM jsonb_each(${stored}) WITH ORDINALITY AS e(key, value, n)) END`;

export interface PortalAnswer {
  action: 'accept' | 'reject' | 'propose';
  note: string | null;
  lines: { lineId: number; quantity: string; unitCost: string; expectedDate: string }[];
}

/** Stores the supplier's answer; null when the link no longer opens the order (nothing is changed then). */
export async function answerThroughPortal(db: TenantDb, orderId: number, version: number, answer: PortalAnswer, now = new Date()) {
  return db.$transaction(async (tx) => {
    const found = await portalOrder(tx, orderId, version, now);
    if (!('order' in found) || !found.order) return { refusal: found.refusal! };
    const errors = new FieldErrorCollector();
    checkMaxLength(errors, 'note', answer.note, 2000);
    const lines =
      answer.action === 'propose'
        ? answer.lines.map((proposed, index) => {
            const line = found.order.lines.find((l) => l.id === proposed.lineId);
            if (!line) errors.add(`lines.${index}`, 'Not a line of this order.');
            const quantity = parseDecimalText(proposed.quantity);
            const unitCost = parseDecimalText(proposed.unitCost);
            if (proposed.quantity !== '' && (!quantity || quantity.lte(0))) errors.add(`lines.${index}.quantity`, 'The quantity must be a number greater than 0.');
            else checkDecimal(errors, `lines.${index}.quantity`, quantity, LEDGER_DECIMAL);
            if (proposed.unitCost !== '' && (!unitCost || unitCost.lt(0))) errors.add(`lines.${index}.unitCost`, 'The unit cost must be a number, at least 0.');
            else checkDecimal(errors, `lines.${index}.unitCost`, unitCost, LEDGER_DECIMAL);
            if (proposed.expectedDate !== '' && !parseDateOnly(proposed.expectedDate)) errors.add(`lines.${index}.expectedDate`, 'The date must be in the form YYYY-MM-DD.');
            return {
              line_id: proposed.lineId,
              // Kept as decimal text, so the order takes exactly what the supplier wrote.
              quantity: (quantity ?? line?.quantity)?.toString() ?? '',
              unit_cost: (unitCost ?? line?.unitCost)?.toString() ?? '',
              expected_date: proposed.expectedDate || formatDateOnly(line?.expectedDate ?? found.order.expectedDate),
            };
          })
        : [];
    errors.throwIfAny();
    const response: SupplierResponse = {
      status: answer.action === 'accept' ? 'accepted' : answer.action === 'reject' ? 'rejected' : 'changes_proposed',
      responded_at: now.toISOString(),
      note: answer.note,
      lines,
    };
    await tx.purchaseOrder.update({ where: byId(orderId), data: { supplierResponse: response as unknown as Prisma.InputJsonObject } });
    return { response };
  });
}

/** Applies the supplier's proposed changes to a submitted order: quantities, unit costs and dates of its lines; answers the order. */
export async function acceptSupplierResponse(db: TenantDb, orderId: number, query: AnswerQuery = {}) {
  return db.$transaction(async (tx) => {
    const claimed = await tx.purchaseOrder.updateMany({ where: { id: orderId, status: 'submitted' }, data: { updatedAt: new Date() } });
    const order = await tx.purchaseOrder.findUnique({ where: byId(orderId), include: { lines: true, additionalCosts: true } });
    if (!order) throw new NotFoundError('Purchase order', orderId);
    if (claimed.count === 0) throw new ValidationError({ status: [`Proposed changes apply to a submitted order only; this one is ${order.status}.`] });
    const response = order.supplierResponse as SupplierResponse | null;
    if (!response || response.status !== 'changes_proposed') throw new ValidationError({ supplierResponse: ['The supplier has proposed no changes to accept.'] });
    if (response.applied_at) throw new ValidationError({ supplierResponse: ['The proposed changes were applied already.'] });
    const { baseCurrency } = await currentCompany(tx);
    const updated = order.lines.map((line) => {
      const proposed = response.lines?.find((p) => p.line_id === line.id);
      if (!proposed) return line;
      const quantity = new Decimal(proposed.quantity);
      const unitCost = new Decimal(proposed.unit_cost);
      return {
        ...line,
        quantity,
        // The unit stays; the base quantity follows the quantity in the same proportion.
        baseQuantity: line.baseQuantity.mul(quantity).div(line.quantity).toDecimalPlaces(LEDGER_DECIMAL.scale),
        unitCost,
        ...lineAmounts(quantity, unitCost, line.taxRate, order.currency),
        expectedDate: proposed.expected_date ? parseDateOnly(proposed.expected_date) : line.expectedDate,
      };
    });
    // Every line in one statement (the lines of a large order are not written one by one).
    await tx.$executeRaw`
      UPDATE "PurchaseOrderLine" AS l
      SET quantity = v.quantity, "baseQuantity" = v.base, "unitCost" = v.cost, "lineTotal" = v.total, "taxAmount" = v.tax, "expectedDate" = v.expected
      FROM unnest(${updated.map((line) => line.id)}::int[], ${updated.map((line) => line.quantity.toString())}::numeric[],
                  ${updated.map((line) => line.baseQuantity.toString())}::numeric[], ${updated.map((line) => line.unitCost.toString())}::numeric[],
                  ${updated.map((line) => line.lineTotal.toString())}::numeric[], ${updated.map((line) => line.taxAmount.toString())}::numeric[],
                  ${updated.map((line) => (line.expectedDate ? formatDateOnly(line.expectedDate) : null))}::date[])
           AS v(id, quantity, base, cost, total, tax, expected)
      WHERE l."companyId" = ${companyIdOf(tx)} AND l.id = v.id`;
    await tx.purchaseOrder.update({
      where: byId(orderId),
      data: {
        ...orderTotals(updated, order.additionalCosts, order.currency, order.exchangeRate, baseCurrency),
        supplierResponse: { ...response, applied_at: new Date().toISOString() } as Prisma.InputJsonObject,
      },
    });
    // The open quantities, so what is incoming, may have changed.
    await recordEvent(tx, purchaseOrderEvent('purchase_order.updated', order, { changed: ['lines'], by: 'supplier_response' }));
    return readAnswer(tx, orderId, query, (q) => tx.purchaseOrder.findUniqueOrThrow({ ...q, where: byId(orderId) }));
  });
}

