// Inventory adjustments answered in one go when every field asked is in ADJUSTMENT_JSON_TYPES: posting one
// (createInventoryAdjustment) reads its answer as one statement in the posting's transaction, and reading one
// (inventoryAdjustment) is that statement alone (src/domain/inventory/adjustment-json.ts). Other selections
// are executed field by field.
import { isObjectType, type FieldNode } from 'graphql';
import * as adjustments from '../../domain/inventory/adjustments.js';
import { adjustmentJson, canWriteAdjustment } from '../../domain/inventory/adjustment-json.js';
import { ADJUSTMENT_JSON_TYPES } from '../../domain/inventory/adjustment-json-types.js';
import type { JsonSelection } from '../../domain/shared/selection-json-sql.js';
import { answerJson, registerCompiledMutationField, registerCompiledRootField, type PlanScope } from '../shared/compiled-execution.js';
import { jsonSelectionOf } from '../shared/json-selection.js';

/** What the nodes ask of an adjustment, when adjustmentJson can write all of it. */
function adjustmentSelection(scope: PlanScope, fieldNodes: FieldNode[]): JsonSelection | null {
  const type = scope.schema.getType('InventoryAdjustment');
  if (!isObjectType(type)) return null;
  const selection = jsonSelectionOf(scope, ADJUSTMENT_JSON_TYPES, type, fieldNodes);
  return selection && canWriteAdjustment(selection) ? selection : null;
}

registerCompiledMutationField('createInventoryAdjustment', (scope, fieldNodes, args) => {
  const selection = adjustmentSelection(scope, fieldNodes);
  if (!selection) return null;
  // As the field's resolver (inventory-fields.ts) posts it.
  return async (ctx, options) =>
    answerJson(await adjustments.createAdjustmentJson(ctx.db, args.input as adjustments.AdjustmentInput, { tokenId: ctx.caller.tokenId }, selection), options);
});

registerCompiledRootField('inventoryAdjustment', (scope, fieldNodes, args) => {
  const selection = adjustmentSelection(scope, fieldNodes);
  if (!selection) return null;
  return async (ctx, options) => answerJson(await adjustmentJson(ctx.db, args.id as number, selection), options);
});
