// What a package's shipping label says, computed from the shipment, its order and the package tree; and the
// PNG of a label through the external renderer (LABEL_RENDER_URL, a Labelary-compatible API).
//
// - Ship from: the warehouse of the shipment, the location of its first line; when that location (a bin)
//   has no address, the nearest ancestor that has one.
// - Ship to: the order's ship_to.
// - Carrier and service: the bought label's (label_carrier/label_service), else the shipment's.
// - Tracking: the package's, else the shipment's tracking number.
// - Contents: the items of the package and every package nested in it, by SKU (sku, else internal_sku,
//   else the order line's id), quantities summed, in the order first met.
import type { TenantDb, TenantTx } from '../../../db/tenant-client.js';
import { byId } from '../../../db/tenant-client.js';
import { readLabelRenderUrl } from '../../../config/config.js';
import { sendOutbound, type OutboundPolicy } from '../../../outbound/http-request.js';
import { Decimal } from '../../shared/decimal.js';
import { NotFoundError, UpstreamError, ValidationError } from '../../shared/errors.js';
import { currentCompany } from '../../tenancy/index.js';
import { renderZplLabel, type LabelAddress, type ShippingLabel } from './zpl-label.js';

const RENDERER = 'the label renderer';
/** 4 × 6 in at 8 dots per mm (203 dpi), the layout of zpl-label.ts. */
const RENDER_PATH = '/v1/printers/8dpmm/labels/4x6/0/';
const RENDER_TIMEOUT_MS = 15_000;
const MAX_PNG_BYTES = 5 * 1024 * 1024;
const MAX_LOCATION_DEPTH = 16;

export interface PackageLabel {
  shipmentId: number;
  packageId: number;
  sscc: string;
  zpl: string;
}

type Db = TenantDb | TenantTx;

/** The labels of packages of a shipment, in the order asked; a package of another shipment → NotFound. */
export async function shipmentLabels(db: Db, shipmentId: number, packageIds: number[] | null): Promise<PackageLabel[]> {
  const shipment = await db.shipment.findUnique({
    where: byId(shipmentId),
    include: {
      salesOrder: { select: { orderNumber: true, shipTo: true } },
      lines: { select: { locationId: true }, orderBy: { id: 'asc' }, take: 1 },
      packages: { include: { items: { orderBy: { id: 'asc' } } }, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!shipment) throw new NotFoundError('Shipment', shipmentId);
  const company = await currentCompany(db);
  const shipFrom = await warehouseAddress(db, shipment.lines[0]?.locationId ?? null);
  const shipTo = addressOf(shipment.salesOrder.shipTo);

  const children = new Map<number, typeof shipment.packages>();
  for (const p of shipment.packages) if (p.parentPackageId != null) children.set(p.parentPackageId, [...(children.get(p.parentPackageId) ?? []), p]);
  const wanted = packageIds ?? shipment.packages.filter((p) => p.parentPackageId == null).map((p) => p.id);

  return wanted.map((packageId) => {
    const pkg = shipment.packages.find((p) => p.id === packageId);
    if (!pkg) throw new NotFoundError('Package', packageId);
    const contents = new Map<string, Decimal>();
    const walk = (node: typeof pkg) => {
      for (const item of node.items) {
        const sku = item.sku ?? item.internalSku ?? `line ${item.salesOrderLineId}`;
        contents.set(sku, (contents.get(sku) ?? new Decimal(0)).plus(item.quantity));
      }
      for (const child of children.get(node.id) ?? []) walk(child);
    };
    walk(pkg);
    const label: ShippingLabel = {
      sscc: pkg.sscc,
      gs1CompanyPrefix: company.gs1CompanyPrefix ?? null,
      shipFrom,
      shipTo,
      carrier: shipment.labelCarrier ?? shipment.carrier,
      service: shipment.labelService ?? shipment.service,
      tracking: pkg.tracking ?? shipment.trackingNumber,
      proNumber: shipment.proNumber,
      billOfLadingNumber: shipment.billOfLadingNumber,
      orderNumber: shipment.salesOrder.orderNumber,
      shipmentId: shipment.id,
      contents: [...contents].map(([sku, quantity]) => ({ sku, quantity: quantity.toFixed() })),
    };
    return { shipmentId: shipment.id, packageId: pkg.id, sscc: pkg.sscc, zpl: renderZplLabel(label) };
  });
}

export async function packageLabel(db: Db, shipmentId: number, packageId: number): Promise<PackageLabel> {
  const [label] = await shipmentLabels(db, shipmentId, [packageId]);
  return label!;
}

/** The label as PNG through the renderer; no LABEL_RENDER_URL → 422 on `format`; any failure of the renderer → 502. */
export async function renderLabelPng(zpl: string, outbound: OutboundPolicy, renderUrl: string | null = readLabelRenderUrl()): Promise<Buffer> {
  if (!renderUrl) {
    throw new ValidationError({ format: ['PNG labels need a label rendering service: the LABEL_RENDER_URL setting is not set on this service.'] });
  }
  const response = await sendOutbound(
    {
      system: RENDERER,
      method: 'POST',
      url: `${renderUrl}${RENDER_PATH}`,
      headers: { accept: 'image/png', 'content-type': 'application/x-www-form-urlencoded' },
      body: zpl,
      timeoutMs: RENDER_TIMEOUT_MS,
      maxResponseBytes: MAX_PNG_BYTES,
    },
    outbound,
  );
  if (response.status !== 200) throw new UpstreamError(`The label renderer answered ${response.status}${response.text ? `: ${response.text.slice(0, 200)}` : ''}.`);
  const png = response.bytes;
  if (png.length < 8 || !png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new UpstreamError('The label renderer did not answer with a PNG image.');
  }
  return png;
}

async function warehouseAddress(db: Db, locationId: number | null): Promise<LabelAddress> {
  let id = locationId;
  let first: LabelAddress | null = null;
  for (let depth = 0; id != null && depth < MAX_LOCATION_DEPTH; depth++) {
    const location = await db.location.findUnique({ where: byId(id) });
    if (!location) break;
    const address: LabelAddress = {
      name: location.name,
      street1: location.streetAddress1 ?? location.address,
      street2: location.streetAddress2,
      city: location.city,
      state: location.state,
      zip: location.zip,
      country: location.country,
    };
    first ??= address;
    if (address.street1 || address.city) return address;
    id = location.parentId;
  }
  return first ?? { name: null, street1: null, street2: null, city: null, state: null, zip: null, country: null };
}

function addressOf(json: unknown): LabelAddress | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const a = json as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  return { name: text(a.name), street1: text(a.street1), street2: text(a.street2), city: text(a.city), state: text(a.state), zip: text(a.zip), country: text(a.country) };
}
