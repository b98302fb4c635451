// Shipping labels of packages (issue 12, Labels): GET /shipments/{id}/packages/{packageId}/label.zpl answers the
// ZPL by default (the route's defaultFormat), `format=png` a PNG from the label renderer (LABEL_RENDER_URL),
// `format=json` the JSON {shipment_id, package_id, sscc, zpl}.
import type { RestRoute } from '../src/rest/route.js';

const labelFile = (label: { sscc: string }, extension: string) => `label-${label.sscc}.${extension}`;

export const labelRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/shipments/{shipmentId}/packages/{packageId}/label.zpl',
    upstream: 'the label renderer (for format=png)',
    operationId: 'getPackageLabel',
    tag: 'Sales Orders',
    summary: 'The GS1-128 shipping label of a package (ZPL, PNG or JSON)',
    description:
      'A 4 × 6 in label at 203 dpi (8 dots/mm) for a package of the shipment (any level of nesting): ship from (the warehouse of the shipment, the location of its lines or the nearest parent location with an address), ' +
      "ship to (the order's ship_to), carrier and service (the bought label's, else the shipment's), tracking (the package's, else the shipment's tracking_number), PRO and bill of lading numbers, the order number, " +
      'the contents (SKU × quantity of the items of the package and the packages inside it) and the SSCC as a GS1-128 barcode: `^BCN,200,N,N,N^FD>;>800<sscc>^FS` (subset C start, FNC1, application identifier 00) ' +
      'with the human-readable line `(00) 0 0614141 123456789 7` (extension digit, company prefix, serial reference, check digit). ' +
      'By default the answer is the ZPL itself (text/plain, an attachment named label-<sscc>.zpl). `format=png` (or `Accept: image/png`) renders it to PNG through the label rendering service at LABEL_RENDER_URL ' +
      '(a Labelary-compatible API: POST {url}/v1/printers/8dpmm/labels/4x6/0/ with the ZPL as body); the setting absent → 422 on format; a failure of the renderer (unreachable, time-out, an error status, not a PNG) → 502 {message} naming it. ' +
      '`format=json` answers {data: {shipment_id, package_id, sscc, zpl}}. A shipment or package that does not exist, or a package of another shipment → 404.',
    graphql: /* GraphQL */ `
      query PackageLabel($shipmentId: Int!, $packageId: Int!) {
        shipmentPackageLabel(shipmentId: $shipmentId, packageId: $packageId) { shipmentId packageId sscc zpl }
      }`,
    pathParams: { shipmentId: 'shipmentId', packageId: 'packageId' },
    envelope: 'data',
    defaultFormat: 'zpl',
    formats: {
      zpl: {
        mediaType: 'text/plain',
        graphql: /* GraphQL */ `
          query PackageLabelZpl($shipmentId: Int!, $packageId: Int!) {
            shipmentPackageLabel(shipmentId: $shipmentId, packageId: $packageId) { sscc zpl }
          }`,
        render: async (label: { zpl: string }) => Buffer.from(label.zpl, 'utf8'),
        filename: (label: { sscc: string }) => labelFile(label, 'zpl'),
      },
      png: {
        mediaType: 'image/png',
        graphql: /* GraphQL */ `
          query PackageLabelPng($shipmentId: Int!, $packageId: Int!) {
            shipmentPackageLabel(shipmentId: $shipmentId, packageId: $packageId) { sscc png }
          }`,
        render: async (label: { png: string }) => Buffer.from(label.png, 'base64'),
        filename: (label: { sscc: string }) => labelFile(label, 'png'),
      },
    },
  },
];
