// Shipment packages over real HTTP: packages nested three deep with items at several levels; SSCCs assigned
// from the company's GS1 prefix (check digit verified here independently, serials sequential) or given and
// validated at their exact nested paths; shipment-level fields saved on the shipment; items limited to what the
// shipment carries per line (a kit line through its components); 404 for a shipment of another order, tenants
// apart, a locked channel 403. Plus unit tests of src/domain/fulfillment/sscc.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { expectErrors } from '../support/rest-client.js';
import { salesChannelFrom } from '../support/seed.js';
import { buildSscc, gs1CheckDigit, gs1PrefixProblem, maxSsccSerial, ssccProblem, ssccText } from '../../src/domain/fulfillment/sscc.js';

/** GS1 mod-10, written out independently of sscc.ts: weights 3,1,3,… from the right of the 17 data digits. */
function independentCheckDigit(data17: string): number {
  const digits = data17.split('').map(Number).reverse();
  const sum = digits.reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}
const withCheck = (data17: string) => `${data17}${independentCheckDigit(data17)}`;

describe('sscc.ts', () => {
  it('computes the GS1 check digit and builds codes', () => {
    // The GS1 General Specifications example: (00) 1 0614141 123456789 7.
    expect(gs1CheckDigit('10614141123456789')).toBe(7);
    expect(buildSscc('0614141', 123456789, 1)).toBe('106141411234567897');
    expect(buildSscc('0614141', 1)).toBe(withCheck('00614141000000001'));
    expect(buildSscc('123456789012', 42)).toBe(withCheck('01234567890120042'));
    expect(maxSsccSerial('0614141')).toBe(999_999_999);
    expect(() => buildSscc('0614141', 1_000_000_000)).toThrow();
    expect(() => buildSscc('12345', 1)).toThrow();
    for (let serial = 0; serial < 50; serial++) expect(ssccProblem(buildSscc('987654', serial * 7919))).toBeNull();
  });

  it('names what is wrong with an SSCC or a prefix', () => {
    expect(ssccProblem('106141411234567897')).toBeNull();
    expect(ssccProblem('106141411234567898')).toMatch(/check digit.*7/);
    expect(ssccProblem('10614141123456789')).toMatch(/has 17/);
    expect(ssccProblem('10614141123456789A')).toMatch(/other characters/);
    expect(ssccProblem('')).not.toBeNull();
    expect(gs1PrefixProblem('0614141')).toBeNull();
    expect(gs1PrefixProblem('12345')).not.toBeNull();
    expect(gs1PrefixProblem('1234567890123')).not.toBeNull();
    expect(gs1PrefixProblem('12a456')).not.toBeNull();
  });

  it('reads numbers as zero-padded integers; big numbers arrive rounded', () => {
    expect(ssccText(' 106141411234567897 ')).toBe('106141411234567897');
    expect(ssccText(614141000000017)).toBe('000614141000000017');
    expect(ssccText(106141411234567897)).toBe('106141411234567900');
    expect(ssccProblem(ssccText(106141411234567897))).not.toBeNull();
    expect(ssccText(1.5)).toBe('1.5');
  });
});

const { server, companies: { globex }, api, post } = serverForFile(['acme', 'globex']);
let north: any;
let channel: any;
let widget: any;
let gizmo: any;
let kit: any;
let so: any;
let shipment: any;

const PREFIX = '0614141';
const assigned = (serial: number) => withCheck(`0${PREFIX}${String(serial).padStart(9, '0')}`);
const packagesOf = (orderId: number, shipmentId: number) => `/sales-orders/${orderId}/shipments/${shipmentId}/packages`;
const lineOf = (product: any) => so.lines[[widget, gizmo, kit].indexOf(product)];

beforeAll(async () => {
  north = await post('/locations', { name: 'North' });
  channel = await salesChannelFrom(post, [north.id]);
  widget = await post('/products', { name: 'Widget', sku: 'W-1', upc: '012345678905', retail_price: 10 });
  gizmo = await post('/products', { name: 'Gizmo', sku: 'G-1', retail_price: 4 });
  kit = await post('/products', { name: 'Widget pair', sku: 'KIT-2', type: 'KIT', retail_price: 18, kit_items: [{ product_id: widget.id, quantity: 2 }] });
  await post('/inventory/adjustments', { lines: [{ product_id: widget.id, location_id: north.id, quantity: 20, unit_cost: 1 }, { product_id: gizmo.id, location_id: north.id, quantity: 20, unit_cost: 1 }] });
  const draft = await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: widget.id, quantity: 6 }, { product_id: gizmo.id, quantity: 4 }, { product_id: kit.id, quantity: 2 }] });
  so = await post(`/sales-orders/${draft.id}/confirm`);
  shipment = await post(`/sales-orders/${so.id}/shipments`, {
    lines: [{ sales_order_line_id: lineOf(widget).id, quantity: 4 }, { sales_order_line_id: lineOf(gizmo).id, quantity: 4 }, { sales_order_line_id: lineOf(kit).id, quantity: 2 }],
  });
});

describe('shipment packages', () => {
  it('needs a GS1 company prefix to assign SSCCs, set and validated through PATCH /company', async () => {
    expect((await api('GET', '/company')).body.data.gs1_company_prefix).toBeNull();
    expectErrors(await api('POST', packagesOf(so.id, shipment.id), { packages: [{ child_packages: [{ sscc: '106141411234567897' }, {}] }] }), ['packages.0.sscc', 'packages.0.child_packages.1.sscc']);
    expectErrors(await api('PATCH', '/company', { gs1_company_prefix: '12345' }), ['gs1_company_prefix']);
    expectErrors(await api('PATCH', '/company', { gs1_company_prefix: '1234567890123' }), ['gs1_company_prefix']);
    expectErrors(await api('PATCH', '/company', { gs1_company_prefix: '06141A1' }), ['gs1_company_prefix']);
    const res = await api('PATCH', '/company', { gs1_company_prefix: PREFIX });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.gs1_company_prefix).toBe(PREFIX);
    expect((await api('GET', '/company')).body.data.gs1_company_prefix).toBe(PREFIX);
    expect((await api('GET', '/company', undefined, globex)).body.data.gs1_company_prefix).toBeNull();
  });

  it('creates packages nested three deep with items at several levels and saves the shipment fields', async () => {
    const given = '106141411234567897';
    const res = await api('POST', packagesOf(so.id, shipment.id), {
      bill_of_lading_number: 'BOL-1',
      pro_number: 'PRO-77',
      partner_reference_number: 'PARTNER-9',
      trailer_number: 'TR-5',
      carrier_alpha_code: 'UPSN',
      packages: [
        {
          package_type: 'pallet',
          packing_type: 'PLT',
          weight_lb: 120.5,
          contained_items: [{ order_item_id: lineOf(gizmo).id, quantity: 3, lot_number: 'L-1', expiration_date: '2027-01-31' }],
          child_packages: [
            {
              sscc: given,
              tracking: '1Z999',
              package_quantity: 1,
              package_type: 'carton',
              length_in: 12,
              width_in: 10,
              height_in: 8.25,
              weight_lb: 5,
              contained_items: [{ order_item_id: lineOf(widget).id, quantity: 2, serial_number: 'SN-1', line_item_key: 'k-1', weight_lb: 1.5, description: 'Blue widgets' }],
            },
            {
              package_type: 'carton',
              child_packages: [
                {
                  package_type: 'inner',
                  contained_items: [
                    { order_item_id: lineOf(gizmo).id, quantity: 1 },
                    { order_item_id: lineOf(kit).id, quantity: 1, sku: 'CUSTOMER-SKU' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const [pallet] = res.body.data;
    expect(res.body.data).toHaveLength(1);
    expect(Object.keys(pallet).sort()).toEqual(
      ['child_packages', 'created_at', 'height_in', 'id', 'items', 'length_in', 'package_quantity', 'package_type', 'packing_type', 'parent_package_id', 'shipment_id', 'sscc', 'tracking', 'updated_at', 'weight_lb', 'width_in'].sort(),
    );
    // Assigned depth first, in request order: the pallet, the second carton, its inner pack.
    expect(pallet).toMatchObject({ sscc: assigned(1), parent_package_id: null, shipment_id: shipment.id, package_type: 'pallet', packing_type: 'PLT', weight_lb: 120.5, package_quantity: 1, tracking: null });
    const [cartonA, cartonB] = pallet.child_packages;
    expect(cartonA).toMatchObject({ sscc: given, parent_package_id: pallet.id, tracking: '1Z999', length_in: 12, width_in: 10, height_in: 8.25, weight_lb: 5, child_packages: [] });
    expect(cartonB).toMatchObject({ sscc: assigned(2), parent_package_id: pallet.id, items: [] });
    const [inner] = cartonB.child_packages;
    expect(inner).toMatchObject({ sscc: assigned(3), parent_package_id: cartonB.id, package_type: 'inner', child_packages: [] });
    for (const sscc of [pallet.sscc, cartonB.sscc, inner.sscc]) {
      expect(sscc).toMatch(/^\d{18}$/);
      expect(Number(sscc[17])).toBe(independentCheckDigit(sscc.slice(0, 17)));
    }

    expect(Object.keys(pallet.items[0]).sort()).toEqual(
      ['created_at', 'description', 'expiration_date', 'id', 'internal_sku', 'line_item_key', 'lot_number', 'order_item_id', 'quantity', 'serial_number', 'sku', 'upc', 'updated_at', 'weight_lb'].sort(),
    );
    expect(pallet.items).toMatchObject([{ order_item_id: lineOf(gizmo).id, quantity: 3, lot_number: 'L-1', expiration_date: '2027-01-31', sku: 'G-1', internal_sku: 'G-1', description: 'Gizmo', upc: null }]);
    expect(cartonA.items).toMatchObject([{ order_item_id: lineOf(widget).id, quantity: 2, serial_number: 'SN-1', line_item_key: 'k-1', weight_lb: 1.5, description: 'Blue widgets', sku: 'W-1', upc: '012345678905' }]);
    expect(inner.items.map((i: any) => [i.order_item_id, i.quantity, i.sku, i.internal_sku])).toEqual([[lineOf(gizmo).id, 1, 'G-1', 'G-1'], [lineOf(kit).id, 1, 'CUSTOMER-SKU', 'KIT-2']]);

    const saved = (await api('GET', `/shipments/${shipment.id}`)).body.data;
    expect(saved).toMatchObject({ bill_of_lading_number: 'BOL-1', pro_number: 'PRO-77', partner_reference_number: 'PARTNER-9', trailer_number: 'TR-5', carrier_alpha_code: 'UPSN' });

    const listed = await api('GET', `/shipments/${shipment.id}/packages`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data).toEqual(res.body.data);
  });

  it('assigns the next serials in later requests and accepts an SSCC given as a safe JSON number', async () => {
    const numeric = Number(withCheck('00614141000000500'));
    const res = await api('POST', packagesOf(so.id, shipment.id), { packages: [{}, { sscc: numeric }, {}] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.map((p: any) => p.sscc)).toEqual([assigned(4), withCheck('00614141000000500'), assigned(5)]);
    // Fields not given stay as they were.
    expect((await api('GET', `/shipments/${shipment.id}`)).body.data.carrier_alpha_code).toBe('UPSN');
    expect((await api('GET', `/shipments/${shipment.id}/packages`)).body.data).toHaveLength(4);
  });

  it('validates given SSCCs at their exact nested paths', async () => {
    const fresh = withCheck('00614141000000900');
    const wrongCheck = `${fresh.slice(0, 17)}${(Number(fresh[17]) + 1) % 10}`;
    const res = await api('POST', packagesOf(so.id, shipment.id), {
      packages: [
        { sscc: wrongCheck },
        { sscc: fresh, child_packages: [{ sscc: fresh }, { sscc: '106141411234567897' }] },
        { sscc: '10614141123456789' },
        { child_packages: [{ child_packages: [{ sscc: '10614141123456789A' }] }] },
        { sscc: 106141411234567897 },
      ],
    });
    expectErrors(res, ['packages.0.sscc', 'packages.1.child_packages.0.sscc', 'packages.1.child_packages.1.sscc', 'packages.2.sscc', 'packages.3.child_packages.0.child_packages.0.sscc', 'packages.4.sscc']);
    expect(res.body.errors['packages.1.child_packages.1.sscc'][0]).toMatch(/already used/);
    expect(res.body.errors['packages.1.child_packages.0.sscc'][0]).toMatch(/twice/);
    // Nothing was written, and no serial was used.
    expect((await api('GET', `/shipments/${shipment.id}/packages`)).body.data).toHaveLength(4);
    const next = await api('POST', packagesOf(so.id, shipment.id), { packages: [{}] });
    expect(next.body.data[0].sscc).toBe(assigned(6));
  });

  it('refuses bad shipment fields, empty packages and items past what the shipment carries', async () => {
    expectErrors(await api('POST', packagesOf(so.id, shipment.id), { packages: [{}], carrier_alpha_code: 'ABCDEFGHIJK' }), ['carrier_alpha_code']);
    expectErrors(await api('POST', packagesOf(so.id, shipment.id), { packages: [] }), ['packages']);
    expectErrors(await api('POST', packagesOf(so.id, shipment.id), {}), ['packages']);
    // Nine levels: the ninth is refused at its path.
    let deep: any = { package_type: 'level-9' };
    for (let level = 8; level >= 1; level--) deep = { package_type: `level-${level}`, child_packages: [deep] };
    expectErrors(await api('POST', packagesOf(so.id, shipment.id), { packages: [deep] }), [`packages.0${'.child_packages.0'.repeat(8)}`]);
    expectErrors(await api('POST', packagesOf(so.id, shipment.id), { packages: [{ package_quantity: 0, weight_lb: -1, contained_items: [{ order_item_id: lineOf(widget).id, quantity: 0, expiration_date: 'soon' }] }] }), [
      'packages.0.package_quantity',
      'packages.0.weight_lb',
      'packages.0.contained_items.0.quantity',
      'packages.0.contained_items.0.expiration_date',
    ]);
    // Widgets: 4 shipped, 2 packed; gizmos: 4 shipped, 4 packed; kits: 2 shipped (4 widgets as components), 1 packed.
    const over = await api('POST', packagesOf(so.id, shipment.id), {
      packages: [
        {
          contained_items: [{ order_item_id: lineOf(widget).id, quantity: 2 }],
          child_packages: [
            { contained_items: [{ order_item_id: lineOf(kit).id, quantity: 1 }, { order_item_id: lineOf(gizmo).id, quantity: 0.5 }] },
            { child_packages: [{ contained_items: [{ order_item_id: lineOf(widget).id, quantity: 0.5 }, { order_item_id: lineOf(kit).id, quantity: 0.25 }] }] },
          ],
        },
      ],
    });
    expectErrors(over, ['packages.0.child_packages.0.contained_items.1.quantity', 'packages.0.child_packages.1.child_packages.0.contained_items.0.quantity', 'packages.0.child_packages.1.child_packages.0.contained_items.1.quantity']);

    const other = await post(`/sales-orders/${(await post('/sales-orders', { channel_id: channel.id, lines: [{ product_id: gizmo.id, quantity: 1 }] })).id}/confirm`);
    expectErrors(await api('POST', packagesOf(so.id, shipment.id), { packages: [{ child_packages: [{ contained_items: [{ order_item_id: other.lines[0].id, quantity: 1 }] }] }] }), [
      'packages.0.child_packages.0.contained_items.0.order_item_id',
    ]);
    // Exactly what is left fits.
    const fits = await api('POST', packagesOf(so.id, shipment.id), { packages: [{ contained_items: [{ order_item_id: lineOf(widget).id, quantity: 2 }, { order_item_id: lineOf(kit).id, quantity: 1 }] }] });
    expect(fits.status, fits.text).toBe(201);

    // A shipment of another order: 404; unknown ones too.
    const otherShipment = await post(`/sales-orders/${other.id}/shipments`, { lines: [{ sales_order_line_id: other.lines[0].id, quantity: 1 }] });
    const notHis = await api('POST', packagesOf(so.id, otherShipment.id), { packages: [{}] });
    expect(notHis.status).toBe(404);
    expect(typeof notHis.body.message).toBe('string');
    expect((await api('POST', packagesOf(so.id, 999999), { packages: [{}] })).status).toBe(404);
    expect((await api('POST', packagesOf(999999, shipment.id), { packages: [{}] })).status).toBe(404);
    expect((await api('GET', '/shipments/999999/packages')).status).toBe(404);

    // A void shipment takes no packages.
    await post(`/shipments/${otherShipment.id}/void`);
    expectErrors(await api('POST', packagesOf(other.id, otherShipment.id), { packages: [{}] }), ['status']);
  });

  it('keeps tenants apart and refuses a locked channel', async () => {
    expect((await api('POST', packagesOf(so.id, shipment.id), { packages: [{}] }, globex)).status).toBe(404);
    expect((await api('GET', `/shipments/${shipment.id}/packages`, undefined, globex)).status).toBe(404);
    expect((await api('GET', `/shipments/${shipment.id}/packages`)).status).toBe(200);

    await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: true } });
    expect((await api('POST', packagesOf(so.id, shipment.id), { packages: [{}] })).status).toBe(403);
    await server.database.prisma.salesChannel.updateMany({ where: { id: channel.id }, data: { apiLocked: false } });
  });
});
