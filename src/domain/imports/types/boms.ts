// boms: bills of materials, one row per component; the rows of one BOM (same name, or without a name the
// same sku) make its item list, in file order. A new BOM is created (named by `name`, else after the product's
// sku) and the product `sku` gets it among its BOMs; an existing one has its items replaced with
// update_existing, and is an error otherwise. A BOM applies whole or not at all: one bad row keeps all its
// rows out. The rules are the API's (boms.ts, bom-items.ts, bom-cycles.ts): a quantity greater than 0 in
// the component's own unit, consumption_basis planned or actual, and no BOM may contain the product it
// builds, directly or through the BOMs of its components.
//
// Statements per chunk, whatever its size (at most ten): the company, the products (by own or alternate
// sku), the BOMs the products build, the BOMs by name with the products that build them, one recursive
// query for the part of the stored BOM graph the chunk's components reach, then the writes: one INSERT of
// the new BOMs, one UPDATE of the replaced BOMs' updatedAt, one DELETE of their items, one INSERT of every
// item and one INSERT of the new product links. The cycle check walks that graph in memory with the domain's
// own walk (findReachedProduct, answered from memory instead of two queries per level), BOM by BOM in file
// order, each against the stored BOMs and the chunk's BOMs accepted before it (the chunk's later BOMs wait
// for their turn, so replacing them is no obstacle), so a cycle closed inside the chunk is refused on the
// BOM that closes it. A refused BOM that exists keeps its stored items; the BOMs accepted before it are then
// checked again.
//
// The rows of one BOM must be in one chunk to be read as one BOM: they must follow each other in the file,
// and the runner must not cut a chunk between two rows with the same `groupKey` (bomImportGroupKey). A BOM
// cut in two by a chunk boundary would otherwise be imported from its first part, and its second part would
// replace those items (update_existing) or be refused as existing.
import type { Prisma } from '../../../generated/prisma/client.js';
import type { TenantTx } from '../../../db/tenant-client.js';
import {
  findReachedProduct,
  type ReachedTarget,
  MAX_BOM_NAME,
  CONSUMPTION_BASES,
  DEFAULT_CONSUMPTION_BASIS,
} from '../../boms/index.js';
import type { Decimal } from '../../shared/decimal.js';
import { currentCompany } from '../../tenancy/index.js';
import { RowErrors, textCell } from '../cells.js';
import type { CsvRow, ImportOptions, ImportType } from '../import-type.js';
import { activeProductsBySku, checkedDecimalCell, requiredText, unknownSku, type SkuProduct, inLineOrder } from './lookups.js';
import { cellText } from '../cells.js';

/**
 * The boms type, with the key that groups its rows (for a runner that keeps a group in one chunk; ImportType
 * does not have the member yet).
 */
export const bomsImport: ImportType & { groupKey(row: CsvRow): string } = {
  key: 'boms',
  description:
    'Bills of materials, one row per component; the rows of one BOM (the same name, or with no name the same sku) are its items, in file order, and must ' +
    'follow each other in the file. Columns: sku (the product the BOM builds: its sku or an alternate sku), name (the BOM\'s name; when empty, the one BOM ' +
    'the product already has, else a new BOM named after the product\'s sku), component_sku (required), quantity (required, greater than 0, in the ' +
    'component\'s unit, up to 6 decimals), and optional note and consumption_basis (planned, the default, or actual). Each row needs a sku or a name. ' +
    'A new BOM is created and the product gets it among its BOMs. A BOM that exists already is an error unless update_existing is set; then its items ' +
    'are replaced by the file\'s (and the product gets it when it did not have it). A BOM may not contain the product it builds, directly or through the ' +
    'BOMs of its components. A BOM is imported whole or not at all: when one of its rows has an error, its other rows are not imported either.',
  requiredColumns: ['sku', 'component_sku', 'quantity'],
  optionalColumns: ['name', 'note', 'consumption_basis'],
  applyChunk,
  groupKey: bomImportGroupKey,
};

/**
 * The key that puts a row into its BOM: rows with the same key belong to one BOM and must be applied in one
 * chunk. (A runner that supports it should not cut a chunk between two rows with the same key.)
 */
export function bomImportGroupKey(row: CsvRow): string {
  const name = cellText(row, 'name');
  return name !== undefined ? `name:${name}` : `sku:${cellText(row, 'sku') ?? ''}`;
}

interface Line {
  row: CsvRow;
  sku: string | undefined;
  componentSku: string | null;
  quantity: Decimal | null | undefined;
  note: string | null;
  basis: string;
}

interface Group {
  key: string;
  lines: Line[];
  /** The name given in the file, if any. */
  givenName: string | undefined;
  /** The sku of the product the BOM builds (first row that gives one). */
  sku: string | undefined;
  builder: SkuProduct | null;
  name: string | null;
  stored: StoredBom | null;
  /** The BOM's id: the stored one, or a placeholder (below 0) until it is created. */
  graphId: number;
}

interface StoredBom {
  id: number;
  name: string;
  /** The products that build it (ProductBom), with their skus. */
  builders: Map<number, string>;
}

async function applyChunk(tx: TenantTx, rows: readonly CsvRow[], options: ImportOptions) {
  const errors = new RowErrors();
  const groups = groupRows(rows, errors);
  if (groups.length === 0) return { applied: 0, errors: inLineOrder(errors) };

  const company = await currentCompany(tx);
  const products = await activeProductsBySku(tx, company.id, groups.flatMap((g) => [...(g.sku ? [g.sku] : []), ...g.lines.flatMap((l) => (l.componentSku ? [l.componentSku] : []))]));
  const skuOf = new Map<number, string>();
  for (const product of products.values()) skuOf.set(product.id, product.sku);

  // The BOM each group imports: its name, else the one BOM its product builds, else one named after its sku.
  for (const g of groups) {
    if (g.sku !== undefined) {
      g.builder = products.get(g.sku) ?? null;
      if (!g.builder) errors.add(g.lines.find((l) => l.sku !== undefined)!.row, 'sku', unknownSku(g.sku));
    }
  }
  const builderIds = [...new Set(groups.flatMap((g) => (g.givenName === undefined && g.builder ? [g.builder.id] : [])))];
  const builtBoms = builderIds.length
    ? await tx.$queryRaw<Array<{ productId: number; name: string }>>`
        SELECT pb."productId", b.name FROM "ProductBom" pb JOIN "Bom" b ON b."companyId" = pb."companyId" AND b.id = pb."bomId"
        WHERE pb."companyId" = ${company.id} AND pb."productId" = ANY(${builderIds}::int[]) ORDER BY b.id`
    : [];
  const claimed = new Map<string, Group>();
  for (const g of groups) {
    if (g.givenName !== undefined) g.name = g.givenName;
    else if (g.builder) {
      const names = builtBoms.filter((b) => b.productId === g.builder!.id).map((b) => b.name);
      if (names.length > 1) {
        errors.add(g.lines[0].row, 'name', `"${g.builder.sku}" has ${names.length} BOMs (${names.map((n) => `"${n}"`).join(', ')}): give the name of the one to import.`);
      } else g.name = names[0] ?? g.builder.sku;
    }
    if (g.name === null) continue;
    const earlier = claimed.get(g.name);
    if (earlier) errors.add(g.lines[0].row, g.givenName !== undefined ? 'name' : 'sku', `The BOM "${g.name}" is given again; line ${earlier.lines[0].row.line} already imports it (a BOM's rows must follow each other).`);
    else claimed.set(g.name, g);
  }

  const names = [...claimed.keys()];
  const storedRows = names.length
    ? await tx.$queryRaw<Array<{ id: number; name: string; productId: number | null; sku: string | null }>>`
        SELECT b.id, b.name, p.id AS "productId", p.sku
        FROM "Bom" b
        LEFT JOIN "ProductBom" pb ON pb."companyId" = b."companyId" AND pb."bomId" = b.id
        LEFT JOIN "Product" p ON p."companyId" = pb."companyId" AND p.id = pb."productId"
        WHERE b."companyId" = ${company.id} AND b.name = ANY(${names}::text[])`
    : [];
  const storedByName = new Map<string, StoredBom>();
  for (const r of storedRows) {
    const bom = storedByName.get(r.name) ?? { id: r.id, name: r.name, builders: new Map() };
    if (r.productId !== null) {
      bom.builders.set(r.productId, r.sku!);
      skuOf.set(r.productId, r.sku!);
    }
    storedByName.set(r.name, bom);
  }

  let placeholder = 0;
  for (const g of groups) {
    if (g.name !== null && claimed.get(g.name) === g) {
      g.stored = storedByName.get(g.name) ?? null;
      g.graphId = g.stored?.id ?? --placeholder;
      if (g.stored && !options.updateExisting) {
        errors.add(g.lines[0].row, g.givenName !== undefined ? 'name' : 'sku', `The BOM "${g.name}" already exists (id ${g.stored.id}); set update_existing to replace its items.`);
      }
    }
    for (const line of g.lines) {
      if (line.componentSku === null) continue;
      if (!products.has(line.componentSku)) errors.add(line.row, 'component_sku', unknownSku(line.componentSku));
    }
  }
  const whole = (g: Group) => g.name !== null && claimed.get(g.name) === g && g.lines.every((l) => !errors.has(l.row));
  const candidates = groups.filter(whole);

  // The cycle check: each BOM in file order against the stored BOMs and the chunk's BOMs accepted before it
  // (the chunk's later BOMs are left out until their turn, so replacing them first is no cycle).
  const graph = new BomGraph(await storedEdges(
    tx,
    company.id,
    candidates.flatMap((g) => g.lines.map((l) => products.get(l.componentSku!)!.id)),
    [...storedByName.values()].map((b) => b.id),
  ));
  const itemsOf = (g: Group) => g.lines.map((l) => products.get(l.componentSku!)!.id);
  const cycleOf = (g: Group) => {
    const builders = new Set(g.stored?.builders.keys() ?? []);
    if (g.builder) builders.add(g.builder.id);
    return findReachedProduct(graph.db, itemsOf(g), builders, [g.graphId]);
  };
  for (const g of candidates) if (g.stored) graph.hide(g.graphId);
  const accepted: Group[] = [];
  const refused = new Map<Group, ReachedTarget>();
  for (const g of candidates) {
    graph.apply(g.graphId, itemsOf(g), g.builder?.id ?? null);
    const reached = await cycleOf(g);
    if (!reached) accepted.push(g);
    else {
      graph.revert(g.graphId);
      refused.set(g, reached);
    }
  }
  // A refused BOM that exists keeps its stored items, which the BOMs accepted before it did not see: check
  // those again until none closes a cycle.
  let recheck = [...refused.keys()].some((g) => g.stored);
  while (recheck) {
    recheck = false;
    for (const g of [...accepted]) {
      const reached = await cycleOf(g);
      if (!reached) continue;
      graph.revert(g.graphId);
      accepted.splice(accepted.indexOf(g), 1);
      refused.set(g, reached);
      recheck ||= g.stored !== null;
    }
  }
  for (const [g, reached] of refused) {
    const root = `"${skuOf.get(reached.root)}"`;
    const message =
      reached.root === reached.target
        ? `${root} is a product this BOM builds, so it cannot be one of its items.`
        : `${root} contains "${skuOf.get(reached.target) ?? `product ${reached.target}`}", which this BOM builds, through its own BOMs: a BOM may not contain its own product.`;
    for (const line of g.lines) if (products.get(line.componentSku!)!.id === reached.root) errors.add(line.row, 'component_sku', message);
  }

  // Every row of a BOM that is not imported carries an error.
  for (const g of groups) {
    if (accepted.includes(g)) continue;
    const failed = g.lines.find((l) => errors.has(l.row));
    for (const line of g.lines) {
      if (!errors.has(line.row)) errors.add(line.row, null, `The BOM${g.name ? ` "${g.name}"` : ''} is not imported: line ${failed?.row.line ?? g.lines[0].row.line} has an error.`);
    }
  }
  if (accepted.length > 0) await writeBoms(tx, accepted, products);
  return { applied: accepted.reduce((sum, g) => sum + g.lines.length, 0), errors: inLineOrder(errors) };
}

/** Reads every row and puts it into its BOM's group (rows with errors too: they keep their BOM out). */
function groupRows(rows: readonly CsvRow[], errors: RowErrors): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    textCell(row, 'name', errors, MAX_BOM_NAME);
    const name = cellText(row, 'name');
    const sku = cellText(row, 'sku');
    const basisText = cellText(row, 'consumption_basis')?.toLowerCase() ?? DEFAULT_CONSUMPTION_BASIS;
    if (!(CONSUMPTION_BASES as readonly string[]).includes(basisText)) {
      errors.add(row, 'consumption_basis', `The consumption_basis must be one of: ${CONSUMPTION_BASES.join(', ')} (got "${row.values.consumption_basis}").`);
    }
    const line: Line = {
      row,
      sku,
      componentSku: requiredText(row, 'component_sku', errors),
      quantity: checkedDecimalCell(row, 'quantity', errors, { min: 0, minExclusive: true, required: true }),
      note: textCell(row, 'note', errors, 10_000) ?? null,
      basis: basisText,
    };
    if (name === undefined && sku === undefined) {
      errors.add(row, 'sku', 'Give the sku of the product the BOM builds, or the BOM\'s name.');
      continue;
    }
    const key = bomImportGroupKey(row);
    const group = groups.get(key) ?? { key, lines: [], givenName: name, sku: undefined, builder: null, name: null, stored: null, graphId: 0 };
    if (sku !== undefined) {
      if (group.sku === undefined) group.sku = sku;
      else if (group.sku !== sku) {
        const first = group.lines.find((l) => l.sku !== undefined)!;
        errors.add(row, 'sku', `The BOM "${name}" builds "${group.sku}" (line ${first.row.line}); all its rows give that sku, or none.`);
      }
    }
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

type Edge = { kind: 'link' | 'item'; a: number; b: number };

/**
 * The part of the stored BOM graph a walk from these components (and from the items of these stored BOMs)
 * can reach, in one recursive statement: the links from every reachable product to its BOMs ('link':
 * product a, BOM b), and the items of those BOMs ('item': BOM a, component b).
 */
async function storedEdges(tx: TenantTx, companyId: number, roots: number[], storedBoms: number[]): Promise<Edge[]> {
  if (roots.length === 0) return [];
  return tx.$queryRaw<Edge[]>`
    WITH RECURSIVE reach(product) AS (
      SELECT start.product FROM (
        SELECT unnest(${roots}::int[]) AS product
        UNION
        SELECT bi."productId" FROM "BomItem" bi WHERE bi."companyId" = ${companyId} AND bi."bomId" = ANY(${storedBoms}::int[])
      ) AS start
      UNION
      SELECT bi."productId" FROM reach r
      JOIN "ProductBom" pb ON pb."companyId" = ${companyId} AND pb."productId" = r.product
      JOIN "BomItem" bi ON bi."companyId" = ${companyId} AND bi."bomId" = pb."bomId"
    ),
    links AS (
      SELECT pb."productId", pb."bomId" FROM "ProductBom" pb WHERE pb."companyId" = ${companyId} AND pb."productId" IN (SELECT product FROM reach)
    )
    SELECT 'link' AS kind, "productId" AS a, "bomId" AS b FROM links
    UNION ALL
    SELECT 'item', bi."bomId", bi."productId" FROM "BomItem" bi
    WHERE bi."companyId" = ${companyId} AND (bi."bomId" IN (SELECT "bomId" FROM links) OR bi."bomId" = ANY(${storedBoms}::int[]))`;
}

/**
 * The BOM graph in memory: the stored edges, with the chunk's BOMs applied (their new items and product
 * link) or hidden (waiting for their turn). `db` answers the two reads findReachedProduct makes from it, so
 * the walk is the domain's own.
 */
class BomGraph {
  private readonly storedLinks = new Map<number, number[]>();
  private readonly storedItems = new Map<number, number[]>();
  private readonly newLinks = new Map<number, Set<number>>();
  private readonly applied = new Map<number, { items: number[]; builder: number | null }>();
  private readonly hidden = new Set<number>();
  readonly db: TenantTx;

  constructor(edges: Edge[]) {
    for (const edge of edges) {
      const map = edge.kind === 'link' ? this.storedLinks : this.storedItems;
      map.set(edge.a, [...(map.get(edge.a) ?? []), edge.b]);
    }
    const bomsOf = (product: number) => [...(this.storedLinks.get(product) ?? []), ...(this.newLinks.get(product) ?? [])];
    const itemsOf = (bom: number) => this.applied.get(bom)?.items ?? (this.hidden.has(bom) ? [] : this.storedItems.get(bom) ?? []);
    this.db = {
      productBom: {
        findMany: async (args: { where: { productId: { in: number[] } } }) =>
          args.where.productId.in.flatMap((productId) => bomsOf(productId).map((bomId) => ({ productId, bomId }))),
      },
      bomItem: {
        findMany: async (args: { where: { bomId: { in: number[] } } }) =>
          args.where.bomId.in.flatMap((bomId) => itemsOf(bomId).map((productId) => ({ bomId, productId }))),
      },
    } as unknown as TenantTx;
  }

  hide(bom: number): void {
    this.hidden.add(bom);
  }

  apply(bom: number, items: number[], builder: number | null): void {
    this.applied.set(bom, { items, builder });
    if (builder !== null) this.newLinks.set(builder, new Set([...(this.newLinks.get(builder) ?? []), bom]));
  }

  /** Back to the stored BOM (its stored items, no new link), or to no BOM at all for a new one. */
  revert(bom: number): void {
    const builder = this.applied.get(bom)?.builder;
    if (builder !== undefined && builder !== null) this.newLinks.get(builder)?.delete(bom);
    this.applied.delete(bom);
    this.hidden.delete(bom);
  }
}

/** The writes of the accepted BOMs: five statements whatever their number. */
async function writeBoms(tx: TenantTx, boms: Group[], products: Map<string, SkuProduct>): Promise<void> {
  const fresh = boms.filter((g) => !g.stored);
  const replaced = boms.filter((g) => g.stored).map((g) => g.stored!.id);
  const idOf = new Map(boms.flatMap((g) => (g.stored ? [[g.name!, g.stored.id] as const] : [])));
  if (fresh.length) {
    const created = await tx.bom.createManyAndReturn({ data: fresh.map((g) => ({ name: g.name! })) as Prisma.BomCreateManyInput[], select: { id: true, name: true } });
    for (const bom of created) idOf.set(bom.name, bom.id);
  }
  if (replaced.length) {
    await tx.bom.updateMany({ where: { id: { in: replaced } }, data: { updatedAt: new Date() } });
    await tx.bomItem.deleteMany({ where: { bomId: { in: replaced } } });
  }
  await tx.bomItem.createMany({
    data: boms.flatMap((g) =>
      g.lines.map((line, order) => {
        const component = products.get(line.componentSku!)!;
        return {
          bomId: idOf.get(g.name!)!,
          productId: component.id,
          quantity: line.quantity!,
          baseQuantity: line.quantity!,
          uomId: component.defaultUomId,
          note: line.note,
          order,
          consumptionBasis: line.basis,
        };
      }),
    ) as Prisma.BomItemCreateManyInput[],
  });
  const links = boms.filter((g) => g.builder && !g.stored?.builders.has(g.builder.id)).map((g) => ({ productId: g.builder!.id, bomId: idOf.get(g.name!)! }));
  if (links.length) await tx.productBom.createMany({ data: links as Prisma.ProductBomCreateManyInput[], skipDuplicates: true });
}
