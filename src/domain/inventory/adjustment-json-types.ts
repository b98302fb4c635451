// How the GraphQL types of an inventory adjustment are written in SQL (src/domain/shared/selection-json-sql.ts):
// the document, its lines and each line's ledger movements, field by field, with the same values and order of
// lists as src/graphql/inventory/inventory-types.ts. test/graphql/compiled-adjustments.test.ts asks for every
// field listed here both ways and finds them equal.
import {
  columnsOf as columns,
  dateTimeColumn as dateTime,
  decimalColumn as decimal,
  plainColumn as column,
  type JsonSqlField,
  type JsonSqlType,
  type JsonSqlTypes,
} from '../shared/selection-json-sql.js';
import { ADJUSTMENT_SOURCE } from './adjustment-source.js';


/** The number of the row's lot (null without one). */
const lotNumber: JsonSqlField = {
  value: (row) => `(SELECT ${row}_lot."lotNumber" FROM "Lot" ${row}_lot WHERE ${row}_lot."companyId" = $1::int AND ${row}_lot.id = ${row}."lotId")`,
};

const STOCK_MOVEMENT: JsonSqlType = {
  ...columns(column, ['id', 'productId', 'locationId', 'lotId', 'reason', 'sourceType', 'sourceId', 'sourceLineId', 'createdByTokenId']),
  ...columns(decimal, ['quantity', 'unitCost']),
  occurredAt: dateTime('occurredAt'),
  lotNumber,
};

const ADJUSTMENT_LINE: JsonSqlType = {
  ...columns(column, ['id', 'productId', 'locationId', 'lotId', 'reason']),
  ...columns(decimal, ['quantity', 'countedQuantity', 'unitCost']),
  lotNumber,
  // The ledger rows the line posted, oldest first: by document and line (StockMovement's source index).
  movements: {
    type: 'StockMovement',
    many: (row, related) => ({
      from: `"StockMovement" ${related}`,
      where:
        `${related}."companyId" = $1::int AND ${related}."sourceType" = '${ADJUSTMENT_SOURCE}' ` +
        `AND ${related}."sourceId" = ${row}."adjustmentId" AND ${related}."sourceLineId" = ${row}.id`,
      order: `${related}.id`,
    }),
  },
};

const ADJUSTMENT: JsonSqlType = {
  ...columns(column, ['id', 'reason', 'notes', 'status']),
  ...columns(dateTime, ['postedAt', 'createdAt', 'updatedAt']),
  lines: {
    type: 'InventoryAdjustmentLine',
    many: (row, related) => ({
      from: `"InventoryAdjustmentLine" ${related}`,
      where: `${related}."companyId" = $1::int AND ${related}."adjustmentId" = ${row}.id`,
      order: `${related}.id`,
    }),
  },
};

/** An adjustment and the types its fields lead to, by GraphQL type name. */
export const ADJUSTMENT_JSON_TYPES: JsonSqlTypes = {
  InventoryAdjustment: ADJUSTMENT,
  InventoryAdjustmentLine: ADJUSTMENT_LINE,
  StockMovement: STOCK_MOVEMENT,
};
