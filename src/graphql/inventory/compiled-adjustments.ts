// Inventory adjustments answered in one go when every field asked is in ADJUSTMENT_JSON_TYPES: posting one
// (createInventoryAdjustment) reads its answer as one statement in the posting's transaction, and reading one
// (inventoryAdjustment) is that statement alone (src/domain/inventory/adjustment-json.ts). Other selections
// are executed field by field.
import type { FieldNode } from 'graphql';
import { adjustments, adjustmentJson, ADJUSTMENT_JSON_TYPES } from '../../domain/inventory/index.js';
import { answerJson, registerCompiledMutationField, registerCompiledRootField, type PlanScope } from '../shared/compiled-execution.js';
import { writableSelectionOf } from '../shared/json-selection.js';

/** What the nodes ask of an adjustment, when adjustmentJson can write all of it. */
const adjustmentSelection = (scope: PlanScope, fieldNodes: FieldNode[]) => writableSelectionOf(scope, ADJUSTMENT_JSON_TYPES, 'InventoryAdjustment', fieldNodes);

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
