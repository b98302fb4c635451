// REST routes of picklists (contract: Resources › Picklist / Picklist item, Picklist status, Endpoints ›
// GET /pickflow/picklists/{id}).
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const PICKLIST_FIELDS = /* GraphQL */ `
  id createdAt updatedAt status pickingStartedAt pickingEndedAt packingStartedAt packingEndedAt
  items {
    ${everyField('PicklistItem', {
      uom: 'id createdAt updatedAt status unitClassId unitClass { id name baseClass } name description baseUnit',
      product: 'id sku name',
    })}
  }`;

const tag = 'Fulfillment Orders';
const base = '/pickflow/picklists';
// {id} as the contract writes GET /pickflow/picklists/{id}.
const idPath = `${base}/{id}`;
const STATES =
  ' Statuses: created → picking (start-picking) → picked (finish-picking) → packed (start-packing, then finish-packing); a picklist that is not packed can be deleted. Each step sets its *_started_at / *_ended_at; a wrong state answers 422 on status.';

function transition(path: string, operationId: string, field: string, summary: string, description: string): RestRoute {
  return {
    method: 'POST',
    path: `${idPath}/${path}`,
    operationId,
    tag,
    summary,
    description: `No body. ${description}${STATES}`,
    graphql: `mutation ${operationId[0].toUpperCase()}${operationId.slice(1)}($id: Int!) { ${field}(id: $id) { ${PICKLIST_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  };
}

export const picklistRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: base,
    operationId: 'listPicklists',
    tag,
    summary: 'List picklists',
    description: 'Filters with the grammar of GET /products: status (created, picking, picked, packed, deleted), warehouse_id. sort: id, status, created_at, updated_at (- for descending).',
    graphql: /* GraphQL */ `
      query ListPicklists($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
        picklists(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ${PICKLIST_FIELDS} } ${PAGE_META} }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    filters: { variable: 'filters', spec: 'picklists' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: base,
    operationId: 'createPicklist',
    tag,
    summary: 'Create a picklist',
    description:
      "{fulfillment_order_ids: [...]}: one or more open fulfillment orders of one warehouse that no other active picklist holds (422 on fulfillment_order_ids.N otherwise). Items: per product, what the orders' lines still have to pick, assigned to stock in the warehouse and its child locations — pick locations first, lots in the deduction order (the product's strategy, else the warehouse group's, else the newest lot), never an expired lot — one item per product, location and lot, in walk order (location name). available_quantity is what the location held; a shortfall is simply not listed. Quantities are in the product's base unit. Picking moves nothing in the ledger: a shipment of the fulfillment order takes the picked locations and lots.",
    graphql: /* GraphQL */ `mutation CreatePicklist($input: PicklistCreateInput!) { createPicklist(input: $input) { ${PICKLIST_FIELDS} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: idPath,
    operationId: 'getPicklist',
    tag,
    summary: 'Get a picklist',
    description: 'lot_id, lot_number, production_date and expiry_date are present in every item, null for stock without lots. lot_deduction_strategy is the product’s own (null: the warehouse group’s, else newest). uom is the product’s unit.',
    graphql: /* GraphQL */ `query GetPicklist($id: Int!) { picklist(id: $id) { ${PICKLIST_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: idPath,
    operationId: 'deletePicklist',
    tag,
    summary: 'Delete a picklist',
    description: 'Before packed (422 on status otherwise, or once one of its fulfillment orders shipped): status deleted, its picks are undone (the lines’ quantity_picked lowered) and its fulfillment orders are open again. Answers the picklist.',
    graphql: /* GraphQL */ `mutation DeletePicklist($id: Int!) { deletePicklist(id: $id) { ${PICKLIST_FIELDS} } }`,
    pathParams: { id: 'id' },
    envelope: 'data',
  },
  transition('start-picking', 'startPicklistPicking', 'startPicklistPicking', 'Start picking', 'created → picking; its fulfillment orders become picking.'),
  {
    method: 'POST',
    path: `${idPath}/items/{itemId}/pick`,
    operationId: 'pickPicklistItem',
    tag,
    summary: 'Pick an item',
    description:
      "{quantity, location_id?, lot_id?}. Only while picking (422 on status). Default: the item's location and lot; another location (or lot) of the warehouse is allowed when its stock covers the quantity (422 on location_id / lot_id otherwise). An item's picks never exceed its quantity (422 on quantity). The quantity is spread over the product's fulfillment order lines in the picklist, oldest order first; their quantity_picked rises. Answers the picklist.",
    graphql: /* GraphQL */ `
      mutation PickPicklistItem($picklistId: Int!, $itemId: Int!, $input: PicklistPickInput!) {
        pickPicklistItem(picklistId: $picklistId, itemId: $itemId, input: $input) { ${PICKLIST_FIELDS} }
      }`,
    pathParams: { id: 'picklistId', itemId: 'itemId' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  transition('finish-picking', 'finishPicklistPicking', 'finishPicklistPicking', 'Finish picking', 'picking → picked; short picks are allowed; its fulfillment orders become picked.'),
  transition('start-packing', 'startPicklistPacking', 'startPicklistPacking', 'Start packing', 'A picked picklist starts packing (packing_started_at).'),
  transition('finish-packing', 'finishPicklistPacking', 'finishPicklistPacking', 'Finish packing', 'picked, packing started → packed; its fulfillment orders become packed.'),
];
