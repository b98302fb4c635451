// A row of the object path (export-rows.ts) written as the contract's JSON: the same keys, order and values the
// REST route's GraphQL selection gives (Decimal as a JSON number, DateTime as ISO 8601), so rows the SQL page
// flags as touched can be spliced into its JSON.
import type { Decimal } from '../../shared/decimal.js';
import type { ExportLocation, ExportLocationStock, StockExportRow } from './export-rows.js';

const num = (value: Decimal) => Number(value.toString());
const numOrNull = (value: Decimal | null) => (value === null ? null : num(value));

function place(l: ExportLocation, parent: object | null) {
  return {
    id: l.id, status: l.status, name: l.name, parent_id: l.parentId, is_pick_location: l.isPickLocation,
    created_at: l.createdAt.toISOString(), updated_at: l.updatedAt.toISOString(), parent,
  };
}

// The route selects a parent's own parent as `{ id }`; export-rows.ts always sets it to null.
function nestedParent(l: ExportLocation) {
  return {
    id: l.id, status: l.status, name: l.name, parent_id: l.parentId, parent: l.parent ? { id: l.parent.id } : null,
    is_pick_location: l.isPickLocation, created_at: l.createdAt.toISOString(), updated_at: l.updatedAt.toISOString(),
  };
}

const placeJson = (l: ExportLocation) => place(l, l.parent ? nestedParent(l.parent) : null);

function locationStockJson(s: ExportLocationStock) {
  return {
    id: s.id, warehouse: placeJson(s.warehouse), location: placeJson(s.location),
    qty_onhand: num(s.qtyOnhand), qty_incoming: num(s.qtyIncoming), qty_pending: num(s.qtyPending), qty_available: num(s.qtyAvailable),
    qty_available_via_assembly: num(s.qtyAvailableViaAssembly), qty_recoverable_via_disassembly: num(s.qtyRecoverableViaDisassembly),
    current_landed_unit_cost: numOrNull(s.currentLandedUnitCost),
    lot_stocks: s.lotStocks.map((l) => ({
      lot_id: l.lotId, location_id: l.locationId, lot_number: l.lotNumber, production_date: l.productionDate, expiry_date: l.expiryDate,
      qty_onhand: num(l.qtyOnhand),
    })),
  };
}

export function rowJson(r: StockExportRow): string {
  return JSON.stringify({
    id: r.id, sku: r.sku, name: r.name, type: r.type, category_id: r.categoryId, category_name: r.categoryName,
    sub_category_id: r.subCategoryId, sub_category_name: r.subCategoryName,
    qty_onhand: num(r.qtyOnhand), qty_incoming: num(r.qtyIncoming), qty_available: num(r.qtyAvailable), qty_pending: num(r.qtyPending),
    qty_backordered: num(r.qtyBackordered), qty_available_via_assembly: num(r.qtyAvailableViaAssembly),
    qty_recoverable_via_disassembly: num(r.qtyRecoverableViaDisassembly), qty_outstanding: num(r.qtyOutstanding),
    current_landed_unit_cost: numOrNull(r.currentLandedUnitCost), updated_at: r.updatedAt.toISOString(),
    location_stocks: r.locationStocks.map(locationStockJson),
  });
}
