// The foreign keys the service reads through are indexed company-first, on a database built from the migrations:
// every list a GraphQL type reads from its parent's side (a sales order's lines, a package's child packages, a
// warehouse group's warehouses: the child's key to the parent), and every key whose parent's delete cascades to
// its rows (the cascade finds them by that key). Without its index such a read, or a parent's delete, goes
// through every row of the company in the child table. The other keys point at master data (a product, a
// location, a unit) and are checked only when that row is deleted; see docs/code-layout.md.
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { getDatamodel } from '../../src/generated/pothos-types.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { databaseForTests } from '../support/file-server.js';

const database = databaseForTests();

/** Foreign keys no index starts with (in any order of their columns): table, columns, and the delete action. */
const UNINDEXED_KEYS = `
  SELECT c.conrelid::regclass::text AS "table",
         (SELECT array_agg(a.attname::text) FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)) AS columns,
         c.confdeltype::text AS "onDelete"
  FROM pg_constraint c
  WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
    AND NOT EXISTS (
      SELECT 1 FROM pg_index i
      WHERE i.indrelid = c.conrelid
        AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
        AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)`;

type ModelField = { name: string; type: string; relationName?: string; relationFromFields?: string[] };
const models = getDatamodel().datamodel.models as unknown as Record<string, { fields: ModelField[] }>;

/** The child's key of every relation a GraphQL type reads from the parent's side, as "Table(columns)", with the field. */
function keysReadFromTheParent(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const type of Object.values(buildSchema().getTypeMap())) {
    const model = isObjectType(type) ? (type.extensions as { pothosPrismaModel?: string }).pothosPrismaModel : undefined;
    if (!isObjectType(type) || !model) continue;
    for (const field of Object.values(type.getFields())) {
      const relation = (field.extensions as { pothosPrismaRelationField?: ModelField }).pothosPrismaRelationField;
      if (!relation || (relation.relationFromFields ?? []).length > 0) continue;
      const back = models[relation.type]?.fields.find((candidate) => candidate.relationName === relation.relationName && candidate.type === model);
      if (back?.relationFromFields?.length) keys.set(`${relation.type}(${[...back.relationFromFields].sort().join(', ')})`, `${type.name}.${field.name}`);
    }
  }
  return keys;
}

describe('foreign keys the service reads through', () => {
  it('are indexed company-first: the lists read from the parent, and the keys a delete cascades through', async () => {
    const unindexed = await database.sql.query<{ table: string; columns: string[]; onDelete: string }>(UNINDEXED_KEYS);
    const name = (key: { table: string; columns: string[] }) => `${key.table.replace(/"/g, '')}(${[...key.columns].sort().join(', ')})`;
    const readFromTheParent = keysReadFromTheParent();
    expect(readFromTheParent.size).toBeGreaterThan(40);
    expect(readFromTheParent.get('ShipmentPackage(companyId, parentPackageId)')).toBe('ShipmentPackage.childPackages');
    const missing = unindexed.flatMap((key) => {
      const reasons = [...(readFromTheParent.has(name(key)) ? [`read by ${readFromTheParent.get(name(key))}`] : []), ...(key.onDelete === 'c' ? ['a delete cascades through it'] : [])];
      return reasons.length > 0 ? [`${name(key)}: ${reasons.join('; ')}`] : [];
    });
    expect(missing, 'foreign keys without an index that starts with them').toEqual([]);
  });
});
