// Warehouse groups over real HTTP (REST and GraphQL): CRUD, unique names, strategy values, warehouse assignment.
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../support/file-server.js';

const { server, api, post, gql } = serverForFile(['acme']);

const GROUP_KEYS = [
  'allow_negative_stock', 'created_at', 'external_wms_api_key_set', 'external_wms_url', 'externally_managed', 'id', 'lot_deduction_strategy', 'name',
  'updated_at', 'warehouse_ids',
];

const warehouse = (name: string, parentId?: number) => post('/locations', { name, parent_id: parentId });

describe('/warehouse-groups', () => {
  it('creates, reads, lists, updates and deletes a group', async () => {
    const w1 = await warehouse('W1');
    const w2 = await warehouse('W2');
    const created = await api('POST', '/warehouse-groups', { name: 'East', lot_deduction_strategy: 'FEFO', allow_negative_stock: true, warehouse_ids: [w2.id, w1.id] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['data']);
    const group = created.body.data;
    expect(Object.keys(group).sort()).toEqual(GROUP_KEYS);
    expect(group).toMatchObject({ name: 'East', lot_deduction_strategy: 'FEFO', allow_negative_stock: true, warehouse_ids: [w1.id, w2.id] });

    expect((await api('GET', `/warehouse-groups/${group.id}`)).body.data).toEqual(group);
    const list = await api('GET', '/warehouse-groups');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([group]);
    expect(list.body.meta).toMatchObject({ total: 1, current_page: 1 });

    const updated = await api('PATCH', `/warehouse-groups/${group.id}`, { lot_deduction_strategy: null, warehouse_ids: [w1.id] });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'East', lot_deduction_strategy: null, allow_negative_stock: true, warehouse_ids: [w1.id] });

    const deleted = await api('DELETE', `/warehouse-groups/${group.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: group.id, name: 'East' });
    expect((await api('GET', `/warehouse-groups/${group.id}`)).status).toBe(404);
    const location = await server.database.prisma.location.findFirstOrThrow({ where: { id: w1.id } });
    expect(location.warehouseGroupId).toBeNull();
  });

  it('keeps a group that a channel uses: 422 naming the channels, nothing deleted', async () => {
    const group = (await api('POST', '/warehouse-groups', { name: 'Channel group', warehouse_ids: [(await warehouse('Shop WH')).id] })).body.data;
    expect((await api('POST', '/channels', { channelType: 'sales_channel', label: 'Shop', warehouseGroupId: group.id })).status).toBe(201);
    const refused = await api('DELETE', `/warehouse-groups/${group.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: `Warehouse group ${group.id} is used by 1 channel; give them another group first.`, errors: { id: [`Warehouse group ${group.id} is used by 1 channel; give them another group first.`] } });
    expect((await api('GET', `/warehouse-groups/${group.id}`)).body.data).toEqual(group);
  });

  it('a warehouse moves to the group that lists it last', async () => {
    const w = await warehouse('Mover');
    const a = (await api('POST', '/warehouse-groups', { name: 'A', warehouse_ids: [w.id] })).body.data;
    const b = (await api('POST', '/warehouse-groups', { name: 'B', warehouse_ids: [w.id] })).body.data;
    expect((await api('GET', `/warehouse-groups/${a.id}`)).body.data.warehouse_ids).toEqual([]);
    expect((await api('GET', `/warehouse-groups/${b.id}`)).body.data.warehouse_ids).toEqual([w.id]);
  });

  it('validates name, strategy and warehouses', async () => {
    const w = await warehouse('Valid');
    const bin = await warehouse('Bin', w.id);
    await api('POST', '/warehouse-groups', { name: 'Taken' });
    const missing = await api('POST', '/warehouse-groups', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: ['The name field is required.'] });
    const taken = await api('POST', '/warehouse-groups', { name: 'taken' });
    expect(taken.body.errors).toEqual({ name: ['The name has already been taken.'] });
    const strategy = await api('POST', '/warehouse-groups', { name: 'S', lot_deduction_strategy: 'RANDOM' });
    expect(strategy.status).toBe(422);
    expect(Object.keys(strategy.body.errors)).toEqual(['lot_deduction_strategy']);
    const bad = await api('POST', '/warehouse-groups', { name: 'W', warehouse_ids: [bin.id, 999999] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['warehouse_ids.0', 'warehouse_ids.1']);
    expect(bad.body.errors['warehouse_ids.0'][0]).toMatch(/not a warehouse/);
    expect((await api('PATCH', '/warehouse-groups/999999', { name: 'x' })).status).toBe(404);
  });

  it('is served by GraphQL too', async () => {
    const res = await gql(
      'mutation($input: WarehouseGroupCreateInput!) { createWarehouseGroup(input: $input) { id name lotDeductionStrategy allowNegativeStock warehouses { id } } }',
      { input: { name: 'GQL', lotDeductionStrategy: 'LIFO' } },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createWarehouseGroup).toMatchObject({ name: 'GQL', lotDeductionStrategy: 'LIFO', allowNegativeStock: false, warehouses: [] });
  });
});
