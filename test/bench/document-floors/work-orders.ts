// The work orders page's floor (issue 34): the newest 100 work orders with what the REST page shows (the produced
// product, warehouses, vendor, steps with their output product, custom fields, links), as one JSON text written
// by PostgreSQL.
import { companyKey, day, iso, list, newestJson, num, one, pageStatement } from './json.js';

export function workOrdersPageStatement(companyId: number): string {
  const c = companyKey(companyId);
  const self = `'/external/api/v1/work-orders/' || w.id`;
  const element = `json_build_object(
    'id', w.id, 'work_order_number', w."workOrderNumber", 'status', w.status, 'is_on_hold', w."isOnHold",
    'produced_sku_id', w."producedSkuId", 'produced_sku', ${one(c, 'Product', `'id', x.id, 'sku', x.sku, 'description', x.description`, 'w."producedSkuId"')},
    'planned_qty', ${num('w."plannedQty"')}, 'produced_qty', ${num('w."producedQty"')}, 'unproduced_qty', ${num('w."unproducedQty"')},
    'completion_trigger', w."completionTrigger", 'expected_completion_date', ${day('w."expectedCompletionDate"')},
    'production_warehouse_id', w."productionWarehouseId", 'destination_warehouse_id', w."destinationWarehouseId", 'vendor_id', w."vendorId",
    'bom_id', w."bomId", 'production_batch_id', w."productionBatchId",
    'production_warehouse', ${one(c, 'Location', `'id', x.id, 'name', x.name`, 'w."productionWarehouseId"')},
    'destination_warehouse', ${one(c, 'Location', `'id', x.id, 'name', x.name`, 'w."destinationWarehouseId"')},
    'vendor', ${one(c, 'Supplier', `'id', x.id, 'name', x.name`, 'w."vendorId"')},
    'service_unit_price', ${num('w."serviceUnitPrice"')}, 'cost_rule_resolution', w."costRuleResolution", 'notes', w.notes,
    'hold_reason', w."holdReason", 'cancel_reason', w."cancelReason", 'held_at', ${iso('w."heldAt"')},
    'created_by', w."createdBy", 'updated_by', w."updatedBy", 'held_by', w."heldBy",
    'steps', ${list(
      '"WorkOrderStep" t',
      `'id', t.id, 'work_order_id', t."workOrderId", 'sequence', t.sequence, 'output_sku_id', t."outputSkuId",
       'output_sku', ${one(c, 'Product', `'id', x.id, 'sku', x.sku, 'description', x.description`, 't."outputSkuId"')},
       'vendor_id', t."vendorId", 'status', t.status, 'supply_mode', t."supplyMode", 'is_outside_processing', t."isOutsideProcessing",
       'planned_qty', ${num('t."plannedQty"')}, 'completed_qty', ${num('t."completedQty"')}, 'skipped_by', t."skippedBy",
       'skipped_at', ${iso('t."skippedAt"')}, 'created_at', ${iso('t."createdAt"')}, 'updated_at', ${iso('t."updatedAt"')}`,
      `t."companyId" = ${c} AND t."workOrderId" = w.id`,
      't.sequence',
    )},
    'custom_fields', w."customFields", 'alternate_ids', to_json(w."alternateIds"),
    'links', json_build_object('self', ${self}, 'steps', ${self} || '/steps', 'completions', ${self} || '/completions',
      'production_entries', ${self} || '/completions', 'status_history', ${self} || '/status-history'),
    'completed_at', ${iso('w."completedAt"')}, 'created_at', ${iso('w."createdAt"')}, 'updated_at', ${iso('w."updatedAt"')}
  )`;
  return pageStatement(c, 'WorkOrder', newestJson(c, 'WorkOrder', 'w', element, 100));
}
