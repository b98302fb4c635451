// Shipping labels: unit tests of the ZPL layout (the GS1-128 barcode command, the human-readable SSCC line,
// escaping), and over HTTP the ZPL of a package (addresses, carrier, tracking, PRO/BOL, contents, SSCC), the
// JSON form, 404s, and PNG through a fake Labelary-compatible renderer on loopback (the ZPL it receives checked),
// without LABEL_RENDER_URL (422) and with a failing renderer (502).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';
import { getBytes } from '../support/rest-client.js';
import { renderZplLabel, ssccBarcodeData, ssccHumanReadable, zplText, type ShippingLabel } from '../../src/domain/fulfillment/labels/zpl-label.js';
import { fakeHttp, packedShipment, PNG_BYTES, PREFIX, type PackedShipment } from './label-setup.js';

const SAMPLE: ShippingLabel = {
  sscc: '006141411234567890',
  gs1CompanyPrefix: '0614141',
  shipFrom: { name: 'Main DC', street1: '1 Dock Road', street2: null, city: 'Reno', state: 'NV', zip: '89501', country: 'US' },
  shipTo: { name: 'Ann ^Smith~', street1: '5 Main St', street2: null, city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
  carrier: 'UPS',
  service: 'Ground',
  tracking: '1Z999',
  proNumber: 'PRO-1',
  billOfLadingNumber: 'BOL-1',
  orderNumber: 'SO-1',
  shipmentId: 7,
  contents: [{ sku: 'W-1', quantity: '3' }],
};

describe('zpl-label.ts', () => {
  it('encodes the SSCC as GS1-128 with AI (00): subset C start, FNC1, 00 and 18 digits', () => {
    expect(ssccBarcodeData('006141411234567890')).toBe('>;>800006141411234567890');
    expect(() => ssccBarcodeData('12345')).toThrow();
    const zpl = renderZplLabel(SAMPLE);
    expect(zpl).toContain('^BCN,200,N,N,N^FD>;>800006141411234567890^FS');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
  });

  it('prints the human-readable line grouped by extension, company prefix, serial and check digit', () => {
    expect(ssccHumanReadable('106141411234567897', '0614141')).toBe('(00) 1 0614141 123456789 7');
    expect(ssccHumanReadable('006141411234567890', '0614141')).toBe('(00) 0 0614141 123456789 0');
    expect(ssccHumanReadable('106141411234567897', null)).toBe('(00) 1 0614141123456789 7');
    expect(ssccHumanReadable('106141411234567897', '999999')).toBe('(00) 1 0614141123456789 7');
    expect(renderZplLabel(SAMPLE)).toContain('^FD(00) 0 0614141 123456789 0^FS');
  });

  it('escapes ZPL control characters and non-ASCII text in fields', () => {
    expect(zplText('A^B~C_D')).toBe('A_5EB_7EC_5FD');
    expect(zplText('Zürich')).toBe('Z_C3_BCrich');
    const zpl = renderZplLabel(SAMPLE);
    expect(zpl).toContain('^FHAnn _5ESmith_7E'.replace('^FH', '^FH^FD'));
    expect(zpl).toContain('W-1 x 3');
    expect(zpl).toContain('CARRIER: UPS Ground');
  });
});

const { server, companies: { acme, globex }, api } = serverForFile(['acme', 'globex']);
let packed: PackedShipment;
const labelPath = (shipmentId: number, packageId: number, query = '') => `/shipments/${shipmentId}/packages/${packageId}/label.zpl${query}`;

beforeAll(async () => {
  packed = await packedShipment(server, acme);
});
afterEach(() => {
  delete process.env.LABEL_RENDER_URL;
});

describe('GET /shipments/{id}/packages/{packageId}/label.zpl', () => {
  it('answers the ZPL of the package: addresses, carrier, tracking, PRO, BOL, contents and the SSCC barcode', async () => {
    const [first] = packed.packages;
    const res = await api('GET', labelPath(packed.shipment.id, first.id));
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="label-${first.sscc}.zpl"`);
    const zpl = res.text;
    expect(first.sscc.startsWith(`0${PREFIX}`)).toBe(true);
    expect(zpl).toMatch(/^\^XA\n/);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(`^BCN,200,N,N,N^FD>;>800${first.sscc}^FS`);
    expect(zpl).toContain(`^FD(00) 0 ${PREFIX} ${first.sscc.slice(8, 17)} ${first.sscc[17]}^FS`);
    for (const text of ['Main DC', '1 Dock Road', 'Reno, NV 89501', 'Ann Smith', '5 Main St', 'Springfield, IL 62701', 'CARRIER: UPS Ground', 'TRACKING: 1Z999AA10123456784', 'PRO: PRO-77', 'BOL: BOL-42', `ORDER: ${packed.so.order_number}`]) {
      expect(zpl, text).toContain(`^FD${text}`);
    }
    // Contents: the package's own items and its child's, by SKU.
    expect(zpl).toContain('^FDW-1 x 3^FS');
    expect(zpl).toContain('^FDG-1 x 2^FS');
  });

  it('labels a nested package and answers JSON with format=json', async () => {
    const child = packed.packages[0].child_packages[0];
    const res = await api('GET', labelPath(packed.shipment.id, child.id, '?format=json'));
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['package_id', 'shipment_id', 'sscc', 'zpl']);
    expect(res.body.data).toMatchObject({ shipment_id: packed.shipment.id, package_id: child.id, sscc: child.sscc });
    expect(res.body.data.zpl).toContain(`>;>800${child.sscc}`);
    expect(res.body.data.zpl).toContain('TRACKING: -');
    expect(res.body.data.zpl).not.toContain('W-1 x 3');
    expect(res.body.data.zpl).toContain('W-1 x 1');
  });

  it('404 for a package of no such shipment, another tenant, or a bad format → 422', async () => {
    expect((await api('GET', labelPath(packed.shipment.id, 999999))).status).toBe(404);
    expect((await api('GET', labelPath(999999, packed.packages[0].id))).status).toBe(404);
    expect((await api('GET', labelPath(packed.shipment.id, packed.packages[0].id), undefined, globex)).status).toBe(404);
    const bad = await api('GET', labelPath(packed.shipment.id, packed.packages[0].id, '?format=pdf'));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['format']);
  });

  it('format=png without LABEL_RENDER_URL → 422 saying so', async () => {
    const res = await api('GET', labelPath(packed.shipment.id, packed.packages[0].id, '?format=png'));
    expect(res.status, res.text).toBe(422);
    expect(res.body.message).toMatch(/LABEL_RENDER_URL/);
    expect(Object.keys(res.body.errors)).toEqual(['format']);
  });

  it('format=png renders through the Labelary-compatible renderer, which gets the ZPL', async () => {
    const [first] = packed.packages;
    const seen: { method?: string; url?: string; body?: string }[] = [];
    const renderer = await fakeHttp((req, body, res) => {
      seen.push({ method: req.method, url: req.url, body: body.toString('utf8') });
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG_BYTES);
    });
    try {
      process.env.LABEL_RENDER_URL = `${renderer.url}/`;
      const res = await getBytes(server, acme, labelPath(packed.shipment.id, first.id, '?format=png'));
      expect(res.status, res.bytes.toString()).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.bytes.equals(PNG_BYTES)).toBe(true);
      expect(seen).toHaveLength(1);
      expect(seen[0].method).toBe('POST');
      expect(seen[0].url).toBe('/v1/printers/8dpmm/labels/4x6/0/');
      expect(seen[0].body).toMatch(/^\^XA/);
      expect(seen[0].body).toContain(`>;>800${first.sscc}`);
      expect(seen[0].body).toContain('Ann Smith');
      // Accept: image/png asks for it too.
      expect((await getBytes(server, acme, labelPath(packed.shipment.id, first.id), { accept: 'image/png' })).bytes.equals(PNG_BYTES)).toBe(true);
    } finally {
      await renderer.close();
    }
  });

  it('a failing renderer → 502 naming it', async () => {
    const renderer = await fakeHttp((_req, _body, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('ERROR: bad ZPL');
    });
    try {
      process.env.LABEL_RENDER_URL = renderer.url;
      const res = await api('GET', labelPath(packed.shipment.id, packed.packages[0].id, '?format=png'));
      expect(res.status, res.text).toBe(502);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.body.message).toMatch(/label renderer answered 500/);
    } finally {
      await renderer.close();
    }
    const notPng = await fakeHttp((_req, _body, res) => res.end('hello'));
    try {
      process.env.LABEL_RENDER_URL = notPng.url;
      const res = await api('GET', labelPath(packed.shipment.id, packed.packages[0].id, '?format=png'));
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/label renderer did not answer with a PNG/);
    } finally {
      await notPng.close();
    }
  });
});
