// One page of the stock export as one SQL statement that also writes each row's JSON (the contract's
// snake_case row, keys in the order of rest-mapping/inventory-export.ts's selection), so a page of 1,000
// products costs one round trip and no per-value objects in the process. Keyset on the tenant-first primary key (companyId, id): the last page
// reads the same index range as the first.
//
// This is the fast twin of the object path (computeProductQuantities + buildExportRows) for the common case: a
// product no document or structure refers to, whose quantities are on hand and FIFO cost as of the cutoff and
// nothing else. Such a product has qty_incoming, qty_pending, qty_backordered, qty_outstanding and the
// assembly quantities 0, and qty_available = max(on hand, 0). Every product that any document-fed source of
// quantities.ts could see (transfer, purchase order, work order, sales order lines and allocations, BOMs,
// kits) is flagged `touched` and recomputed by the object path, which stays the one definition: a new source
// there needs its table added to TOUCHING below. test/rest/inventory-export-paths.test.ts holds the two equal.
import type { SqlRunner } from '../../../db/sql-runner.js';
import { isoSql } from '../../shared/json-sql.js';

/** A run of consecutive rows of the page (an empty page has none). */
export interface PageChunk {
  /** Products in the chunk. */
  count: number;
  /** The chunk's last product id. */
  lastId: number;
  /** Whether another page follows (the same in every chunk). */
  hasMore: boolean;
  /** Products a document or structure refers to: their rows must come from the object path. */
  touched: number[];
  /** Where each touched product's row sits in the chunk (0-based). */
  touchedAt: number[];
  /** Each product's row as the contract's JSON, in id order, separated by ROW_SEPARATOR. */
  rows: string;
}

export const ROW_SEPARATOR = '\x01';

export interface PageSqlArgs {
  companyId: number;
  afterProductId: number;
  cutoffProductId: number;
  cutoffMovementId: number;
  limit: number;
}

/** Tables whose rows make a product's quantities depend on more than its own ledger: (table, product column). */
const TOUCHING: [string, string][] = [
  ['TransferOrderLine', 'productId'],
  ['PurchaseOrderLine', 'productId'],
  ['WorkOrder', 'producedSkuId'],
  ['SalesOrderAllocation', 'productId'],
  ['SalesOrderLine', 'productId'],
  ['BomItem', 'productId'],
  ['ProductBom', 'productId'],
  ['KitItem', 'productId'],
  ['KitItem', 'kitId'],
];

/** Rows per result value: about 75 kB of JSON. */
const CHUNK = 50;

const iso = isoSql;

/** A warehouse or location in the export's shape; `parent` is the JSON of its parent (or NULL). */
const place = (t: string, parent: string) =>
  `(SELECT row_to_json(o) FROM (SELECT ${t}.id AS id, ${t}.status AS status, ${t}.name AS name, ${t}."parentId" AS parent_id, ` +
  `${t}."isPickLocation" AS is_pick_location, ${iso(`${t}."createdAt"`)} AS created_at, ${iso(`${t}."updatedAt"`)} AS updated_at, ${parent} AS parent) o)`;

/** The parent of a location as the route selects it: its own parent is always shown as null. */
const nestedParent = (t: string) =>
  `(SELECT row_to_json(o) FROM (SELECT ${t}.id AS id, ${t}.status AS status, ${t}.name AS name, ${t}."parentId" AS parent_id, NULL::json AS parent, ` +
  `${t}."isPickLocation" AS is_pick_location, ${iso(`${t}."createdAt"`)} AS created_at, ${iso(`${t}."updatedAt"`)} AS updated_at) o)`;

// $1 company, $2 last product id exported, $3 cutoff product id, $4 page size, $5 cutoff movement id.
// One product more than the page is read to tell whether another page follows.
// Child tables are read by the page's id range (like ProductIdSet), then joined to the page's products.
const PAGE_SQL = `
WITH page AS MATERIALIZED (
  SELECT p.id, p.sku, p.name, p.type, p."categoryId", p."subcategoryId", p."updatedAt"
  FROM "Product" p
  WHERE p."companyId" = $1::int AND p.id > $2::int AND p.id <= $3::int AND p.status > 0
  ORDER BY p.id
  LIMIT $4::int + 1
),
span AS MATERIALIZED (SELECT min(id) AS lo, max(id) AS hi FROM page),
touched AS (
  ${TOUCHING.map(([table, column]) => `SELECT x."${column}" AS id FROM "${table}" x WHERE x."companyId" = $1::int AND x."${column}" BETWEEN (SELECT lo FROM span) AND (SELECT hi FROM span)`).join('\n  UNION ')}
),
held AS (
  SELECT m."productId", m."locationId", m."lotId", sum(m.quantity) AS qty
  FROM "StockMovement" m
  WHERE m."companyId" = $1::int AND m."productId" BETWEEN (SELECT lo FROM span) AND (SELECT hi FROM span) AND m.id <= $5::int
  GROUP BY m."productId", m."locationId", m."lotId"
),
at_location AS (
  SELECT h."productId", h."locationId", sum(h.qty) AS qty,
    coalesce('[' || string_agg((SELECT row_to_json(o) FROM (SELECT h."lotId" AS lot_id, h."locationId" AS location_id, l."lotNumber" AS lot_number,
      to_char(l."productionDate", 'YYYY-MM-DD') AS production_date, to_char(l."expiryDate", 'YYYY-MM-DD') AS expiry_date,
      trim_scale(h.qty) AS qty_onhand) o)::text, ',' ORDER BY h."lotId") FILTER (WHERE h."lotId" IS NOT NULL) || ']', '[]') AS lots
  FROM held h
  LEFT JOIN "Lot" l ON l."companyId" = $1::int AND l.id = h."lotId"
  GROUP BY h."productId", h."locationId"
),
places AS MATERIALIZED (
  SELECT loc.id,
    (${place('loc', `CASE WHEN par.id IS NULL THEN NULL ELSE ${nestedParent('par')} END`)})::text AS location,
    (CASE WHEN par.id IS NULL THEN ${place('loc', 'NULL')} ELSE ${place('par', 'NULL')} END)::text AS warehouse
  FROM (SELECT DISTINCT "locationId" FROM held) used
  JOIN "Location" loc ON loc."companyId" = $1::int AND loc.id = used."locationId"
  LEFT JOIN "Location" par ON par."companyId" = $1::int AND par.id = loc."parentId"
),
-- landedUnitCost of the oldest layer open at the cutoff: opened by a movement up to it, and not used up by
-- the consumptions up to it (what remains now plus what later movements consumed).
costs AS (
  SELECT page.id, (
    SELECT cl."landedUnitCost" FROM "CostLayer" cl
    WHERE cl."companyId" = $1::int AND cl."productId" = page.id AND cl."movementId" <= $5::int
      AND cl."remainingQuantity" + coalesce((SELECT sum(c.quantity) FROM "CostLayerConsumption" c
            WHERE c."companyId" = $1::int AND c."layerId" = cl.id AND c."movementId" > $5::int), 0) > 0
    ORDER BY cl."receivedAt", cl.id
    LIMIT 1) AS cost
  FROM page
),
-- Each location's entry written as text around its warehouse's and location's JSON (written once per location
-- above): building it with json_build_object escaped its eleven keys again for every entry. Written without
-- spaces, as row_to_json and every other answer of the service write JSON.
stocks AS (
  SELECT a."productId", sum(a.qty) AS qty,
    '[' || string_agg('{"id":' || a."locationId" || ',"warehouse":' || pl.warehouse || ',"location":' || pl.location ||
      ',"qty_onhand":' || trim_scale(a.qty) || ',"qty_incoming":0,"qty_pending":0,"qty_available":' || trim_scale(greatest(a.qty, 0)) ||
      ',"qty_available_via_assembly":0,"qty_recoverable_via_disassembly":0,"current_landed_unit_cost":' || coalesce(trim_scale(c.cost)::text, 'null') ||
      ',"lot_stocks":' || a.lots || '}', ',' ORDER BY a."locationId") || ']' AS list
  FROM at_location a
  JOIN costs c ON c.id = a."productId"
  JOIN places pl ON pl.id = a."locationId"
  GROUP BY a."productId"
),
rows AS (
SELECT page.id, row_number() OVER (ORDER BY page.id) AS n, EXISTS (SELECT 1 FROM touched t WHERE t.id = page.id) AS touched,
  -- The row's object with location_stocks written last as null, that null then replaced by the entries' text.
  left((SELECT row_to_json(o) FROM (SELECT page.id AS id, page.sku AS sku, page.name AS name, page.type AS type,
    page."categoryId" AS category_id, cat.name AS category_name, page."subcategoryId" AS sub_category_id, sub.name AS sub_category_name,
    trim_scale(coalesce(s.qty, 0)) AS qty_onhand, 0 AS qty_incoming, trim_scale(greatest(coalesce(s.qty, 0), 0)) AS qty_available,
    0 AS qty_pending, 0 AS qty_backordered, 0 AS qty_available_via_assembly, 0 AS qty_recoverable_via_disassembly,
    0 AS qty_outstanding, trim_scale(c.cost) AS current_landed_unit_cost, ${iso('page."updatedAt"')} AS updated_at,
    NULL::json AS location_stocks) o)::text, -length('null}')) || coalesce(s.list, '[]') || '}' AS row
FROM page
JOIN costs c ON c.id = page.id
LEFT JOIN stocks s ON s."productId" = page.id
LEFT JOIN "ProductCategory" cat ON cat."companyId" = $1::int AND cat.id = page."categoryId"
LEFT JOIN "ProductCategory" sub ON sub."companyId" = $1::int AND sub.id = page."subcategoryId"
ORDER BY page.id
)
-- The page in chunks of CHUNK rows (each value small enough for the young generation of the JS heap, where
-- it dies cheaply, instead of one 1.5 MB string per page): rows separated by \x01, a byte JSON text never holds
-- raw; the touched ones listed apart.
SELECT count(*)::int AS count, max(id)::int AS "lastId", EXISTS (SELECT 1 FROM rows WHERE n > $4::int) AS "hasMore",
  coalesce(array_agg(id ORDER BY id) FILTER (WHERE touched), '{}') AS touched,
  coalesce(array_agg((n - 1) % ${CHUNK} ORDER BY id) FILTER (WHERE touched), '{}')::int[] AS "touchedAt",
  string_agg(row, E'\x01' ORDER BY id) AS rows
FROM rows
WHERE n <= $4::int
GROUP BY (n - 1) / ${CHUNK}
ORDER BY (n - 1) / ${CHUNK}`;

/**
 * Over the plain driver: through Prisma's raw query path the page's text (about 1.5 MB at limit 1000) was copied
 * several times, and the process grew by about 195 MB during a walk of 100,000 products instead of about 25 MB.
 */
export function readPage(sql: SqlRunner, args: PageSqlArgs): Promise<PageChunk[]> {
  return sql.query<PageChunk>(PAGE_SQL, [args.companyId, args.afterProductId, args.cutoffProductId, args.limit, args.cutoffMovementId]);
}

