// The shipments page's floor (issue 34): the newest 100 shipments with what the REST page shows with
// include_packages=true (lines with product, location and lot; every package at any level in one list, in the
// order they were packed, each with its items), as one JSON text written by PostgreSQL.
import { companyKey, day, iso, list, newestJson, num, one, pageStatement } from './json.js';

export function shipmentsPageStatement(companyId: number): string {
  const c = companyKey(companyId);
  const element = `json_build_object(
    'id', s.id, 'sales_order_id', s."salesOrderId", 'fulfillment_order_id', s."fulfillmentOrderId", 'status', s.status,
    'carrier', s.carrier, 'service', s.service, 'ship_date', ${day('s."shipDate"')},
    'bill_of_lading_number', s."billOfLadingNumber", 'pro_number', s."proNumber", 'partner_reference_number', s."partnerReferenceNumber",
    'trailer_number', s."trailerNumber", 'carrier_alpha_code', s."carrierAlphaCode", 'tracking_number', s."trackingNumber",
    'label_provider', s."labelProvider", 'label_carrier', s."labelCarrier", 'label_service', s."labelService",
    'label_cost', ${num('s."labelCost"')}, 'label_currency', s."labelCurrency", 'label_purchased_at', ${iso('s."labelPurchasedAt"')},
    'lines', ${list(
      '"ShipmentLine" l',
      `'id', l.id, 'sales_order_line_id', l."salesOrderLineId", 'product', ${one(c, 'Product', `'id', x.id, 'sku', x.sku, 'name', x.name`, 'l."productId"')},
       'quantity', ${num('l.quantity')}, 'location', ${one(c, 'Location', `'id', x.id, 'name', x.name`, 'l."locationId"')},
       'lot', ${one(c, 'Lot', `'id', x.id, 'lot_number', x."lotNumber"`, 'l."lotId"')}, 'unit_cost', ${num('l."unitCost"')}`,
      `l."companyId" = ${c} AND l."shipmentId" = s.id`,
      'l.position',
    )},
    'shipped_at', ${iso('s."shippedAt"')}, 'voided_at', ${iso('s."voidedAt"')}, 'created_at', ${iso('s."createdAt"')}, 'updated_at', ${iso('s."updatedAt"')},
    'packages', ${list(
      '"ShipmentPackage" k',
      `'id', k.id, 'sscc', k.sscc, 'tracking', k.tracking, 'package_quantity', k."packageQuantity", 'package_type', k."packageType",
       'packing_type', k."packingType", 'length_in', ${num('k."lengthIn"')}, 'width_in', ${num('k."widthIn"')}, 'height_in', ${num('k."heightIn"')},
       'weight_lb', ${num('k."weightLb"')}, 'parent_package_id', k."parentPackageId", 'shipment_id', k."shipmentId",
       'created_at', ${iso('k."createdAt"')}, 'updated_at', ${iso('k."updatedAt"')},
       'items', ${list(
         '"PackageItem" i',
         `'id', i.id, 'order_item_id', i."salesOrderLineId", 'line_item_key', i."lineItemKey", 'sku', i.sku, 'internal_sku', i."internalSku", 'upc', i.upc,
          'quantity', ${num('i.quantity')}, 'description', i.description, 'lot_number', i."lotNumber", 'serial_number', i."serialNumber",
          'expiration_date', ${day('i."expirationDate"')}, 'weight_lb', ${num('i."weightLb"')}, 'created_at', ${iso('i."createdAt"')}, 'updated_at', ${iso('i."updatedAt"')}`,
         `i."companyId" = ${c} AND i."packageId" = k.id`,
         'i.id',
       )}`,
      `k."companyId" = ${c} AND k."shipmentId" = s.id`,
      'k.position, k.id',
    )}
  )`;
  return pageStatement(c, 'Shipment', newestJson(c, 'Shipment', 's', element, 100));
}
