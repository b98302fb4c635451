// Bills of materials (contract: Endpoints › Bills of materials, Resources › BOM).
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

const BOM_FIELDS = /* GraphQL */ `
  fragment BomFields on Bom {
    id name
    items { ${everyField('BomItem', { product: 'id name sku description', unitOfMeasure: 'id name' })} }
    extraCosts { ${everyField('BomExtraCost')} }
    createdAt updatedAt
  }`;

const BODY_RULES =
  'An item names its product by product_id or by sku (a product\'s SKU or one of its alternate SKUs; an unknown sku is a 422 at items.N.sku). ' +
  'quantity must be greater than 0. Without uom_id the product\'s default unit is used; base_quantity is the quantity in that unit. ' +
  'order defaults to the item\'s position; consumption_basis is planned (default) or actual. ' +
  'An extra cost needs name, quantity and unit_price; line_total is calculated by the service and refused when sent. ' +
  'A BOM may not contain a product it builds (a product that names it in bom_ids), directly or through a component\'s BOMs.';

export const bomRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/boms',
    operationId: 'listBoms',
    tag: 'BOMs',
    summary: 'List bills of materials',
    description: 'Paginated. `q` matches part of the name. `sort` takes id, name, created_at or updated_at, with a leading - for descending order.',
    graphql: /* GraphQL */ `
      query ListBoms($page: Int, $perPage: Int, $sort: String, $q: String) {
        boms(page: $page, perPage: $perPage, sort: $sort, q: $q) {
          items { ...BomFields }
          ${PAGE_META}
        }
      }
      ${BOM_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', q: 'q' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/boms/{bomId}',
    operationId: 'getBom',
    tag: 'BOMs',
    summary: 'Get a bill of materials',
    graphql: /* GraphQL */ `
      query GetBom($id: Int!) { bom(id: $id) { ...BomFields } }
      ${BOM_FIELDS}`,
    pathParams: { bomId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/boms',
    operationId: 'createBom',
    tag: 'BOMs',
    summary: 'Create a bill of materials',
    description: `name (unique, at most 255) and items (at least 1) are required; extra_costs optional. ${BODY_RULES}`,
    graphql: /* GraphQL */ `
      mutation CreateBom($input: BomCreateInput!) { createBom(input: $input) { ...BomFields } }
      ${BOM_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'POST',
    path: '/boms/{bomId}',
    operationId: 'updateBom',
    tag: 'BOMs',
    summary: 'Update a bill of materials',
    description: `Partial update: every field is optional. items (at least 1) and extra_costs, when given, each replace the whole stored array; left out, they are kept. ${BODY_RULES}`,
    graphql: /* GraphQL */ `
      mutation UpdateBom($id: Int!, $input: BomUpdateInput!) { updateBom(id: $id, input: $input) { ...BomFields } }
      ${BOM_FIELDS}`,
    pathParams: { bomId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/boms/{bomId}',
    operationId: 'deleteBom',
    tag: 'BOMs',
    summary: 'Delete a bill of materials',
    description: 'Deletes the BOM with its items and extra costs and answers with the deleted record. Products that named the BOM (bom_ids) stop naming it.',
    graphql: /* GraphQL */ `
      mutation DeleteBom($id: Int!) { deleteBom(id: $id) { ...BomFields } }
      ${BOM_FIELDS}`,
    pathParams: { bomId: 'id' },
    envelope: 'data',
  },
];
