// GET /shipments/{id}/packing-slip.pdf: the PDF's text read back with pdftotext — company, order and PO,
// carrier, tracking, BOL and PRO, ship-to, every SKU with its quantity and lot, the packages with their SSCCs
// nested under their parent, no prices; many lines run onto further pages with the table header repeated;
// format=json; 404s.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { getBytes } from '../support/rest-client.js';
import { pdfPages, pdfPagesText, pdfText } from '../support/pdf-text.js';
import { packedShipment, type PackedShipment } from './label-setup.js';

const { server, companies: { acme, globex }, api, post } = serverForFile(['acme', 'globex']);
let packed: PackedShipment;
const slipPath = (id: number, query = '') => `/shipments/${id}/packing-slip.pdf${query}`;

beforeAll(async () => {
  packed = await packedShipment(server, acme);
  await post(`/shipments/${packed.shipment.id}/ship`);
});

describe('GET /shipments/{id}/packing-slip.pdf', () => {
  it('prints who ships what to whom, with the packages nested and no prices', async () => {
    const res = await getBytes(server, acme, slipPath(packed.shipment.id));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="packing-slip-${packed.shipment.id}.pdf"`);
    const text = pdfText(res.bytes);
    for (const expected of ['Company acme', `Packing slip — shipment ${packed.shipment.id}`, `Sales order: ${packed.so.order_number}`, 'Carrier: UPS Ground', 'Bill of lading: BOL-42', 'PRO number: PRO-77', 'Status: shipped']) {
      expect(text, expected).toContain(expected);
    }
    for (const expected of ['Ann Smith', '5 Main St', 'Springfield, IL 62701', 'US']) expect(text).toContain(expected);
    expect(text).toMatch(/W-1\s+Widget\s+5/);
    expect(text).toMatch(/G-1\s+Gizmo\s+2/);
    const [outer, second] = packed.packages;
    const inner = outer.child_packages[0];
    expect(text).toMatch(new RegExp(`${outer.sscc}\\s+1Z999AA10123456784\\s+W-1 × 2`));
    expect(text).toMatch(new RegExp(`› ${inner.sscc}\\s+W-1 × 1`));
    expect(text).toContain('G-1 × 2');
    expect(text).toMatch(new RegExp(`${second.sscc}\\s+W-1 × 2`));
    // The inner package is listed after its parent and before the next top-level package.
    expect(text.indexOf(outer.sscc)).toBeLessThan(text.indexOf(inner.sscc));
    expect(text.indexOf(inner.sscc)).toBeLessThan(text.indexOf(second.sscc));
    expect(text).not.toMatch(/price|10\.00|\$/i);
  });

  it('runs a long shipment onto further pages with the header on each, lots printed', async () => {
    const warehouse = await post('/locations', { name: 'Lots DC' });
    const group = await post('/warehouse-groups', { name: 'Lots', warehouse_ids: [warehouse.id] });
    const channel = await post('/channels', { channelType: 'sales_channel', label: 'Bulk', warehouseGroupId: group.id });
    const products = [];
    for (let i = 0; i < 70; i++) products.push(await post('/products', { name: `Serum ${i}`, sku: `SER-${String(i).padStart(3, '0')}`, retail_price: 3, lot_tracking: true }));
    await post('/inventory/adjustments', { lines: products.map((p, i) => ({ product_id: p.id, location_id: warehouse.id, quantity: 5, unit_cost: 1, lot_number: `LOT-${i}` })) });
    const draft = await post('/sales-orders', { channel_id: channel.id, lines: products.map((p) => ({ product_id: p.id, quantity: 2 })) });
    const so = await post(`/sales-orders/${draft.id}/confirm`);
    const shipment = await post(`/sales-orders/${so.id}/shipments`, { lines: so.lines.map((l: any, i: number) => ({ sales_order_line_id: l.id, quantity: 2, location_id: warehouse.id, lot_number: `LOT-${i}` })) });

    const res = await getBytes(server, acme, slipPath(shipment.id));
    expect(res.status).toBe(200);
    expect(pdfPages(res.bytes)).toBeGreaterThan(1);
    const pages = pdfPagesText(res.bytes);
    for (const page of pages) expect(page).toMatch(/SKU\s+Product\s+Lot\s+Quantity/);
    expect(pages[1]).toContain('continued');
    const text = pages.join('\n');
    for (let i = 0; i < 70; i++) expect(text).toMatch(new RegExp(`SER-${String(i).padStart(3, '0')}\\s+Serum ${i}\\s+LOT-${i}\\s+2`));
    expect(text).toContain('Status: draft');
  });

  it('answers the shipment as JSON with format=json, and 404 for a shipment that is not there', async () => {
    const json = await api('GET', slipPath(packed.shipment.id, '?format=json'));
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ id: packed.shipment.id, status: 'shipped', bill_of_lading_number: 'BOL-42' });
    const missing = await api('GET', slipPath(999999));
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.body).toEqual({ message: expect.any(String) });
    expect((await getBytes(server, globex, slipPath(packed.shipment.id))).status).toBe(404);
    expect((await api('GET', slipPath(packed.shipment.id, '?format=docx'))).status).toBe(422);
  });
});
