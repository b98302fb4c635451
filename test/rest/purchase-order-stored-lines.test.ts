// A PATCH of a draft purchase order that gives no `lines` keeps every column of its stored lines that pricing does
// not derive, whatever the column: the columns are read from the database's catalog, so a column added to
// PurchaseOrderLine later is checked here without this file naming it. Each one is given a value of its type that
// the API would not have written, then the order's header is changed twice (once so that the lines are priced
// again at a new date), and every such column must read back as it was.
import { describe, expect, it } from 'vitest';
import { PURCHASE_ORDER_LINE_DERIVED_COLUMNS } from '../../src/domain/purchasing/purchase-orders.js';
import { serverForFile } from '../support/file-server.js';

const { server, companies: { acme }, api, post } = serverForFile(['acme']);

const TABLE = 'PurchaseOrderLine';

/** A value of the column's type that no line written through the API has, as SQL. */
function unusualValue(dataType: string, index: number): string {
  if (dataType === 'numeric') return `${3 + index}.5`;
  if (dataType === 'integer' || dataType === 'bigint' || dataType === 'smallint') return String(70 + index);
  if (dataType === 'text' || dataType === 'character varying') return `'carried ${index}'`;
  if (dataType === 'date') return `'2031-02-0${(index % 9) + 1}'`;
  if (dataType.startsWith('timestamp')) return `'2031-02-03 04:05:0${index % 10}'`;
  if (dataType === 'boolean') return 'true';
  if (dataType === 'jsonb' || dataType === 'json') return `'{"carried": ${index}}'`;
  throw new Error(`No unusual value for a ${dataType} column: add one here.`);
}

describe('a PATCH without lines keeps what the stored lines hold', () => {
  it('carries every column pricing does not derive, through a header change and a repricing', async () => {
    const supplier = await post('/suppliers', { name: 'Acme Supply' });
    const warehouse = await post('/locations', { name: 'Main' });
    const screw = await post('/products', { name: 'Screw', sku: 'SCR-1', unit_cost: 0.3 });
    const nut = await post('/products', { name: 'Nut', sku: 'NUT-1', unit_cost: 0.11 });
    const order = await post('/purchase-orders', {
      supplier_id: supplier.id,
      warehouse_id: warehouse.id,
      order_date: '2026-03-02',
      lines: [{ product_id: screw.id, quantity: 10 }, { product_id: nut.id, quantity: 4, tax_rate: 20 }],
    });

    const sql = server.database.sql;
    const columns = await sql.query<{ name: string; type: string }>(
      `SELECT column_name AS name, data_type AS type FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
      [TABLE],
    );
    // Foreign keys name other records (products, units, supplier SKUs): the API checks those, not this test.
    const foreignKeys = await sql.query<{ name: string }>(
      `SELECT DISTINCT a.attname AS name FROM pg_constraint k
         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
        WHERE k.conrelid = format('%I', $1::text)::regclass AND k.contype = 'f'`,
      [TABLE],
    );
    const skipped = new Set<string>([...PURCHASE_ORDER_LINE_DERIVED_COLUMNS, ...foreignKeys.map((key) => key.name)]);
    const carried = columns.filter((column) => !skipped.has(column.name));
    expect(carried.map((column) => column.name)).toEqual(
      expect.arrayContaining(['quantity', 'taxRate', 'expectedDate', 'quantityReceived', 'baseQuantityReceived']),
    );

    const quoted = (name: string) => `"${name}"`;
    await sql.query(
      `UPDATE "${TABLE}" SET ${carried.map((column, i) => `${quoted(column.name)} = ${unusualValue(column.type, i)}`).join(', ')}
        WHERE "companyId" = $1 AND "purchaseOrderId" = $2`,
      [acme.companyId, order.id],
    );
    const read = () =>
      sql.query<Record<string, unknown>>(
        `SELECT ${carried.map((column) => `${quoted(column.name)}::text`).join(', ')} FROM "${TABLE}"
          WHERE "companyId" = $1 AND "purchaseOrderId" = $2 ORDER BY position`,
        [acme.companyId, order.id],
      );
    const before = await read();
    expect(before).toHaveLength(2);

    const notes = await api('PATCH', `/purchase-orders/${order.id}`, { notes: 'Header only' });
    expect(notes.status, notes.text).toBe(200);
    expect(await read()).toEqual(before);

    // A new order date prices the stored lines again: what pricing derives may change, nothing else.
    const redated = await api('PATCH', `/purchase-orders/${order.id}`, { order_date: '2026-04-01' });
    expect(redated.status, redated.text).toBe(200);
    expect(redated.body.data.lines.map((line: any) => line.quantity)).toEqual(before.map((line) => Number(line.quantity)));
    expect(await read()).toEqual(before);
  });
});
