// REST routes of shipment packages (nested, with items) and SSCCs (issue 11).
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';

/** Levels of child_packages the responses select: as deep as the service lets packages nest (MAX_PACKAGE_DEPTH). */
const PACKAGE_LEVELS = 8;
/** A package's own fields and items: everything but its children. */
export const PACKAGE_OWN_FIELDS = everyField('ShipmentPackage', { items: everyField('PackageItem'), childPackages: false });
/** A package with its children, grandchildren, … PACKAGE_LEVELS levels in all (GraphQL selections cannot recurse). */
export const PACKAGE_FIELDS = Array.from({ length: PACKAGE_LEVELS - 1 }).reduce<string>((inner) => `${PACKAGE_OWN_FIELDS} childPackages { ${inner} }`, `${PACKAGE_OWN_FIELDS} childPackages { id }`);

const SSCC_NOTE =
  'SSCC: 18 digits with a valid GS1 mod-10 check digit, unique in the company (422 at the exact path, e.g. packages.0.child_packages.1.sscc, for a wrong check digit, a length other than 18, other characters, or a duplicate in the request or among stored packages). Send it as a digit string; a JSON number is accepted (read as an integer, zero-padded to 18 digits), but an 18-digit number is past 2^53 and is rounded by JSON parsers, so its check digit fails. Responses always give sscc as an 18-digit string. Absent: the service assigns extension digit 0 + the company gs1_company_prefix (PATCH /company) + the next serial of the company + the check digit; no prefix set → 422 at that package’s sscc.';

export const shipmentPackageRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/sales-orders/{salesOrderId}/shipments/{shipmentId}/packages',
    operationId: 'createShipmentPackages',
    tag: 'Sales Orders',
    summary: 'Create shipment packages (nested)',
    description:
      '{packages: [package] (at least 1), bill_of_lading_number?, pro_number?, partner_reference_number?, trailer_number?, carrier_alpha_code? (at most 10)}; the shipment-level fields are saved on the shipment (GET /shipments/{id}). A package is {sscc?, tracking?, package_quantity? (default 1), package_type?, packing_type?, length_in?, width_in?, height_in?, weight_lb?, contained_items?: [{order_item_id, quantity, line_item_key?, sku?, internal_sku?, upc?, description?, lot_number?, serial_number?, expiration_date? (YYYY-MM-DD), weight_lb?}], child_packages?: [package]}: the request field for children is `child_packages`, the same shape at any level, at most 8 levels in all. ' +
      SSCC_NOTE +
      " Items: order_item_id must be a line of the order (422 at …contained_items.K.order_item_id); quantity is in the order line's unit, and per line what all the shipment's packages hold (stored ones included) may not exceed what the shipment carries of the line (its shipment lines, base units, converted to the line's unit; a kit line carries as many kits as its scarcest component makes) → 422 at …contained_items.K.quantity. sku, internal_sku, upc and description default from the line's product. All packages are written in one transaction, level by level. A shipment of another order → 404; a void shipment → 422 on status. Answers 201 {data: [package]}: the top-level packages created, each with items and child_packages nested. A channel with apiLocked answers 403.",
    graphql: /* GraphQL */ `
      mutation CreateShipmentPackages($salesOrderId: Int!, $shipmentId: Int!, $input: ShipmentPackagesInput!) {
        createShipmentPackages(salesOrderId: $salesOrderId, shipmentId: $shipmentId, input: $input) { ${PACKAGE_FIELDS} }
      }`,
    pathParams: { salesOrderId: 'salesOrderId', shipmentId: 'shipmentId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/shipments/{shipmentId}/packages',
    operationId: 'listShipmentPackages',
    tag: 'Sales Orders',
    summary: 'List the packages of a shipment',
    description: 'The top-level packages, each with items and child_packages nested (sscc as an 18-digit string).',
    graphql: /* GraphQL */ `query ListShipmentPackages($shipmentId: Int!) { shipmentPackages(shipmentId: $shipmentId) { ${PACKAGE_FIELDS} } }`,
    pathParams: { shipmentId: 'shipmentId' },
    envelope: 'data',
  },
];
