// Locations and warehouses (contract: Endpoints › Locations, Resources › Location / warehouse).
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

const LOCATION_FIELDS = /* GraphQL */ `
  fragment LocationFields on Location {
    id status name parentId isPickLocation address streetAddress1 streetAddress2 city state zip country createdAt updatedAt
  }`;

export const locationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/locations',
    operationId: 'listLocations',
    tag: 'Locations',
    summary: 'List warehouses and locations',
    description: 'Paginated. `type=warehouse` lists only warehouses, `type=location` only locations; `parent_id` the locations of one warehouse; `q` matches part of the name. `sort` takes id, name, created_at or updated_at, with a leading - for descending order. A location\'s `status` is always `active`.',
    graphql: /* GraphQL */ `
      query ListLocations($page: Int, $perPage: Int, $sort: String, $parentId: Int, $kind: LocationKind, $q: String) {
        locations(page: $page, perPage: $perPage, sort: $sort, parentId: $parentId, kind: $kind, q: $q) {
          items { ...LocationFields }
          ${PAGE_META}
        }
      }
      ${LOCATION_FIELDS}`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', parent_id: 'parentId', type: 'kind', q: 'q' },
    envelope: 'page',
  },
  {
    method: 'GET',
    path: '/locations/{locationId}',
    operationId: 'getLocation',
    tag: 'Locations',
    summary: 'Get a warehouse or location',
    graphql: /* GraphQL */ `
      query GetLocation($id: Int!) { location(id: $id) { ...LocationFields } }
      ${LOCATION_FIELDS}`,
    pathParams: { locationId: 'id' },
    envelope: 'data',
  },
  {
    method: 'POST',
    path: '/locations',
    operationId: 'createLocation',
    tag: 'Locations',
    summary: 'Create a warehouse (no parent_id) or a location inside a warehouse',
    description: 'parent_id must reference a warehouse (a top-level location) of the same company; locations cannot nest under locations.',
    graphql: /* GraphQL */ `
      mutation CreateLocation($input: LocationCreateInput!) { createLocation(input: $input) { ...LocationFields } }
      ${LOCATION_FIELDS}`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path: '/locations/{locationId}',
    operationId: 'updateLocation',
    tag: 'Locations',
    summary: 'Update a warehouse or location',
    description: 'All fields optional. parent_id must reference a warehouse (a top-level location) of the same company; locations cannot nest under locations. A warehouse that contains locations cannot be moved under another warehouse (422 on parent_id). Answers with the bare location.',
    graphql: /* GraphQL */ `
      mutation UpdateLocation($id: Int!, $input: LocationUpdateInput!) {
        updateLocation(id: $id, input: $input) { id status name parentId createdAt updatedAt }
      }`,
    pathParams: { locationId: 'id' },
    bodyVariable: 'input',
    envelope: 'bare',
  },
  {
    method: 'DELETE',
    path: '/locations/{locationId}',
    operationId: 'deleteLocation',
    tag: 'Locations',
    summary: 'Delete a location, or a warehouse that holds no locations',
    description:
      'Answers with the deleted record. Refused with 422 on id: a warehouse that still contains locations, and a location that holds stock or has stock movements, transfer orders, purchase orders or vendor returns, or is the dropship delivery warehouse of a channel. A deleted warehouse leaves the priority lists that name it.',
    graphql: /* GraphQL */ `
      mutation DeleteLocation($id: Int!) { deleteLocation(id: $id) { ...LocationFields } }
      ${LOCATION_FIELDS}`,
    pathParams: { locationId: 'id' },
    envelope: 'data',
  },
];
