// The supplier portal page, /supplier-portal/{token}: server-rendered, no account, no API token, no script.
// GET shows the order with three forms (accept, reject, propose changes per line); POST records the answer.
// A modified, revoked or expired link, or an order that is no longer open, shows a page that says so and
// changes nothing. Forms carry a CSRF token bound to the link.
import { actingAs, type AuditActor } from '../db/audit-actor.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { byId, tenantClient } from '../db/tenant-client.js';
import { answerThroughPortal, portalOrder, type PortalAnswer, type PortalRefusal } from '../domain/purchasing/index.js';
import { formatDateOnly } from '../domain/shared/dates.js';
import { ValidationError } from '../domain/shared/errors.js';
import type { AppServices } from '../http/services.js';
import { readForm } from '../settings/form.js';
import { escapeHtml, layout, sendPage } from '../settings/html.js';
import { safeEqual } from '../settings/signing.js';
import { portalCsrfToken, readPortalToken } from './portal-token.js';

const HEADING = 'Supplier portal';
const CSRF = 'csrf_token';

const REFUSALS: Record<PortalRefusal | 'invalid', [number, string]> = {
  invalid: [404, 'This link is not valid. Check that it was copied whole, or ask your customer for a new one.'],
  revoked: [410, 'This link has been withdrawn. Ask your customer for a new one.'],
  expired: [410, 'This link has expired. Ask your customer for a new one.'],
  closed: [410, 'This purchase order is no longer open for answers.'],
};

export async function handlePortal(req: IncomingMessage, res: ServerResponse, token: string, services: AppServices): Promise<void> {
  const { config, database } = services;
  const payload = readPortalToken(config.secretKey, token);
  if (!payload) return refuse(res, 'invalid');
  const db = tenantClient(database.prisma, payload.companyId);
  const company = await db.company.findFirst({});
  if (!company) return refuse(res, 'invalid');

  if (req.method === 'POST') {
    const form = await readForm(req);
    const submitted = form.get(CSRF);
    if (!submitted || !safeEqual(submitted, portalCsrfToken(config.secretKey, token))) {
      return sendPage(res, 403, layout('Form expired', '<h1>Form expired</h1><p role="alert">The form could not be checked. Open the link again and resend your answer.</p>', undefined, HEADING));
    }
    const answer = answerFrom(form);
    if (!answer) return sendPage(res, 400, layout('Unknown answer', '<h1>Unknown answer</h1><p role="alert">Choose accept, reject or propose changes.</p>', undefined, HEADING));
    try {
      // The supplier answering through its link: the audit log records the order's supplier as the actor.
      const order = await db.purchaseOrder.findUnique({ where: byId(payload.orderId), select: { supplier: { select: { id: true, name: true } } } });
      const supplier: AuditActor = { type: 'supplier', id: order?.supplier.id ?? null, name: order?.supplier.name ?? null, requestId: String(res.getHeader('x-request-id') ?? '') || null };
      const result = await actingAs(supplier, () => answerThroughPortal(db, payload.orderId, payload.version, answer));
      if ('refusal' in result) return refuse(res, result.refusal!);
      const said = { accepted: 'accepted the order', rejected: 'rejected the order', changes_proposed: 'proposed changes' }[result.response.status as 'accepted'];
      return sendPage(res, 200, layout('Thank you', `<h1>Thank you</h1><p class="notice" role="status">You ${said}. Your customer has been told; you may close this page.</p>`, undefined, HEADING));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const found = await portalOrder(db, payload.orderId, payload.version);
      if (!('order' in found) || !found.order) return refuse(res, found.refusal!);
      return sendPage(res, 422, orderPage(found, token, config.secretKey, Object.values(error.fieldErrors).flat()));
    }
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendPage(res, 405, layout('Not allowed', '<h1>Not allowed</h1>', undefined, HEADING), { headers: { allow: 'GET, POST' } });
  }
  const found = await portalOrder(db, payload.orderId, payload.version);
  if (!('order' in found) || !found.order) return refuse(res, found.refusal!);
  sendPage(res, 200, orderPage(found, token, config.secretKey, []));
}

function refuse(res: ServerResponse, why: PortalRefusal | 'invalid'): void {
  const [status, message] = REFUSALS[why];
  sendPage(res, status, layout('Link not usable', `<h1>This link cannot be used</h1><p role="alert">${escapeHtml(message)}</p>`, undefined, HEADING));
}

function answerFrom(form: URLSearchParams): PortalAnswer | null {
  const action = form.get('action');
  if (action !== 'accept' && action !== 'reject' && action !== 'propose') return null;
  const lineIds = form.getAll('line_id').map(Number).filter((id) => Number.isInteger(id));
  return {
    action,
    note: form.get('note')?.trim() || null,
    lines: lineIds.map((lineId) => ({
      lineId,
      quantity: form.get(`quantity_${lineId}`)?.trim() ?? '',
      unitCost: form.get(`unit_cost_${lineId}`)?.trim() ?? '',
      expectedDate: form.get(`expected_date_${lineId}`)?.trim() ?? '',
    })),
  };
}

type Found = Extract<Awaited<ReturnType<typeof portalOrder>>, { order: unknown }>;

function orderPage(found: Found, token: string, secretKey: string, problems: string[]): string {
  const { order, companyName } = found;
  const csrf = `<input type="hidden" name="${CSRF}" value="${escapeHtml(portalCsrfToken(secretKey, token))}">`;
  const number = (value: { toString(): string }) => escapeHtml(value.toString());
  const rows = order.lines
    .map(
      (line) => `<tr>
  <td>${escapeHtml(line.product.sku)}<br><span class="hint">${escapeHtml(line.product.name)}</span></td>
  <td>${number(line.quantity)} ${escapeHtml(line.uom?.name ?? '')}</td>
  <td>${number(line.unitCost)} ${escapeHtml(order.currency)}</td>
  <td>${escapeHtml(formatDateOnly(line.expectedDate ?? order.expectedDate) ?? '')}</td>
  <td><input type="hidden" name="line_id" value="${line.id}" form="propose">
    <label for="quantity_${line.id}">Quantity</label><input type="text" inputmode="decimal" id="quantity_${line.id}" name="quantity_${line.id}" value="${number(line.quantity)}" form="propose">
    <label for="unit_cost_${line.id}">Unit cost</label><input type="text" inputmode="decimal" id="unit_cost_${line.id}" name="unit_cost_${line.id}" value="${number(line.unitCost)}" form="propose">
    <label for="expected_date_${line.id}">Date (YYYY-MM-DD)</label><input type="text" id="expected_date_${line.id}" name="expected_date_${line.id}" value="${escapeHtml(formatDateOnly(line.expectedDate ?? order.expectedDate) ?? '')}" form="propose"></td>
</tr>`,
    )
    .join('\n');
  const previous = order.supplierResponse as { status?: string; responded_at?: string } | null;
  const content = `<h1>Purchase order ${escapeHtml(order.poNumber)}</h1>
<p>From <strong>${escapeHtml(companyName)}</strong> to <strong>${escapeHtml(order.supplier.name)}</strong>, delivered to ${escapeHtml(order.warehouse.name)}.
Total ${number(order.total)} ${escapeHtml(order.currency)}.</p>
${previous?.status ? `<p class="notice">Your last answer (${escapeHtml(previous.responded_at ?? '')}): ${escapeHtml(previous.status.replace('_', ' '))}. You may answer again.</p>` : ''}
${problems.length ? `<div class="alert" role="alert"><p>Your proposal was not recorded:</p><ul>${problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></div>` : ''}
<table>
<thead><tr><th>Product</th><th>Quantity</th><th>Unit cost</th><th>Expected</th><th>Your proposal</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<form method="post" id="propose">${csrf}<input type="hidden" name="action" value="propose">
<label for="note_propose">Note</label><textarea id="note_propose" name="note" rows="3" cols="60"></textarea>
<button type="submit">Propose these changes</button></form>
<form method="post">${csrf}<input type="hidden" name="action" value="accept">
<label for="note_accept">Note</label><textarea id="note_accept" name="note" rows="2" cols="60"></textarea>
<button type="submit">Accept the order as it stands</button></form>
<form method="post">${csrf}<input type="hidden" name="action" value="reject">
<label for="note_reject">Reason</label><textarea id="note_reject" name="note" rows="2" cols="60"></textarea>
<button type="submit">Reject the order</button></form>`;
  return layout(`Purchase order ${order.poNumber}`, content, undefined, HEADING);
}
