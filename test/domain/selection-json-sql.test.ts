// The JSON SQL of a selection (src/domain/shared/selection-json-sql.ts) written for a page of rows: each list the
// rows own is read once for the whole page (one grouped LEFT JOIN), and the answer is the one the row-by-row form
// gives, for rows with several, one or no related rows, with lists nested inside lists, and never another
// company's rows. On PGlite with tables of its own, so the catalogue here is small and every case is visible.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryCluster } from '../../src/db/pglite-template.js';
import { objectJsonSql, type JsonSelection, type JsonSqlTypes, type PageRelations } from '../../src/domain/shared/selection-json-sql.js';

const TYPES: JsonSqlTypes = {
  Box: {
    id: { value: (row) => `${row}.id` },
    label: { value: (row) => `${row}.label` },
    items: {
      type: 'Item',
      many: (_row, related) => ({ from: `item ${related}`, where: `${related}."companyId" = $1::int`, order: `${related}.position, ${related}.id`, owner: `${related}."boxId"` }),
    },
  },
  Item: {
    id: { value: (row) => `${row}.id` },
    name: { value: (row) => `${row}.name` },
    notes: {
      type: 'Note',
      many: (_row, related) => ({ from: `note ${related}`, where: `${related}."companyId" = $1::int`, order: `${related}.id`, owner: `${related}."itemId"` }),
    },
  },
  Note: { text: { value: (row) => `${row}.text` } },
};

const SELECTION: JsonSelection = [
  { key: 'id', field: 'id' },
  { key: 'things', field: 'items', selection: [{ key: 'name', field: 'name' }, { key: 'notes', field: 'notes', selection: [{ key: 'text', field: 'text' }] }] },
  { key: 'label', field: 'label' },
  { key: 'again', field: 'items', selection: [{ key: 'id', field: 'id' }] },
];

describe('a selection written for a page of rows', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await inMemoryCluster({ migrated: false });
    await db.exec(`
      CREATE TABLE box ("companyId" int, id int, label text, PRIMARY KEY ("companyId", id));
      CREATE TABLE item ("companyId" int, id int, "boxId" int, name text, position int, PRIMARY KEY ("companyId", id));
      CREATE TABLE note ("companyId" int, id int, "itemId" int, text text, PRIMARY KEY ("companyId", id));
      INSERT INTO box VALUES (1, 1, 'three'), (1, 2, 'none'), (1, 3, 'one'), (2, 1, 'other company');
      INSERT INTO item VALUES (1, 10, 1, 'c', 3), (1, 11, 1, 'a', 1), (1, 12, 1, 'b', 2), (1, 13, 3, 'only', 1),
                              (2, 10, 1, 'theirs', 1), (2, 14, 2, 'theirs too', 1);
      INSERT INTO note VALUES (1, 100, 11, 'first'), (1, 101, 11, 'second'), (2, 100, 11, 'their note');
    `);
  });
  afterAll(() => db?.close());

  const page = async (json: string, joins: string[] = []) =>
    (
      await db.query<{ body: string }>(
        `WITH page AS MATERIALIZED (SELECT id, n FROM unnest($2::int[]) WITH ORDINALITY AS page(id, n))
         SELECT '[' || string_agg((${json})::text, ',' ORDER BY page.n) || ']' AS body
         FROM page JOIN box b ON b."companyId" = $1::int AND b.id = page.id ${joins.join(' ')}`,
        [1, [3, 2, 1]],
      )
    ).rows[0]!.body;

  it('reads each owned list once for the page and answers what the row-by-row form answers', async () => {
    const relations: PageRelations = { ids: 'SELECT id FROM page', joins: [] };
    const paged = objectJsonSql(TYPES, 'Box', SELECTION, 'b', relations);
    // One join per list of the box asked for (items twice, under two keys); the notes of an item stay inside it.
    expect(relations.joins).toHaveLength(2);
    expect(relations.joins.every((join) => join.startsWith('LEFT JOIN (SELECT'))).toBe(true);
    expect(paged).not.toMatch(/FROM item/);

    const rowByRow = JSON.parse(await page(objectJsonSql(TYPES, 'Box', SELECTION, 'b')));
    expect(JSON.parse(await page(paged, relations.joins))).toEqual(rowByRow);
    expect(rowByRow).toEqual([
      { id: 3, things: [{ name: 'only', notes: [] }], label: 'one', again: [{ id: 13 }] },
      { id: 2, things: [], label: 'none', again: [] },
      {
        id: 1,
        things: [
          { name: 'a', notes: [{ text: 'first' }, { text: 'second' }] },
          { name: 'b', notes: [] },
          { name: 'c', notes: [] },
        ],
        label: 'three',
        again: [{ id: 11 }, { id: 12 }, { id: 10 }],
      },
    ]);
  });
});
