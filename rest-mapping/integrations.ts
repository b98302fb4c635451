// Integrations (issue 8): which id our records have in external systems, and extra fields sent to them.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

const MAPPING = 'id integration entityType internalId externalId createdAt updatedAt';
const FIELD_MAPPING = 'id integration entityType internalField externalField createdAt updatedAt';

export const integrationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/integration-mappings',
    operationId: 'listIntegrationMappings',
    tag: 'Integrations',
    summary: 'List integration mappings',
    description: 'Filters: integration, entity_type (product, location, supplier), internal_id. `sort` takes id, integration, entity_type or created_at.',
    graphql: /* GraphQL */ `
      query ListIntegrationMappings($page: Int, $perPage: Int, $sort: String, $integration: String, $entityType: String, $internalId: Int) {
        integrationMappings(page: $page, perPage: $perPage, sort: $sort, integration: $integration, entityType: $entityType, internalId: $internalId) {
          items { ${MAPPING} }
          ${PAGE_META}
        }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', integration: 'integration', entity_type: 'entityType', internal_id: 'internalId' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/integration-mappings',
    operationId: 'createIntegrationMapping',
    tag: 'Integrations',
    summary: 'Map a record to its id in an external system',
    description: '{integration, entity_type (product, location, supplier), internal_id, external_id}: one per integration, entity type and record (422 otherwise).',
    graphql: /* GraphQL */ `mutation CreateIntegrationMapping($input: IntegrationMappingInput!) { createIntegrationMapping(input: $input) { ${MAPPING} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'DELETE',
    path: '/integration-mappings/{mappingId}',
    operationId: 'deleteIntegrationMapping',
    tag: 'Integrations',
    summary: 'Delete an integration mapping',
    graphql: /* GraphQL */ `mutation DeleteIntegrationMapping($id: Int!) { deleteIntegrationMapping(id: $id) { ${MAPPING} } }`,
    pathParams: { mappingId: 'id' },
    envelope: 'data',
  },
  {
    method: 'GET',
    path: '/integration-field-mappings',
    operationId: 'listIntegrationFieldMappings',
    tag: 'Integrations',
    summary: 'List integration field mappings',
    description: 'Filters: integration, entity_type. `sort` takes id, integration, entity_type or created_at.',
    graphql: /* GraphQL */ `
      query ListIntegrationFieldMappings($page: Int, $perPage: Int, $sort: String, $integration: String, $entityType: String) {
        integrationFieldMappings(page: $page, perPage: $perPage, sort: $sort, integration: $integration, entityType: $entityType) {
          items { ${FIELD_MAPPING} }
          ${PAGE_META}
        }
      }`,
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort', integration: 'integration', entity_type: 'entityType' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/integration-field-mappings',
    operationId: 'createIntegrationFieldMapping',
    tag: 'Integrations',
    summary: 'Send a field to an external system under its own name',
    description: '{integration, entity_type, internal_field, external_field}. internal_field is a field of the entity (product: sku, name, description, upc, hsCode, retailPrice, wholesalePrice, unitCost, productWeightLb; location: name and address fields; supplier: name, email, phone, currency, address, city, country).',
    graphql: /* GraphQL */ `mutation CreateIntegrationFieldMapping($input: IntegrationFieldMappingCreateInput!) { createIntegrationFieldMapping(input: $input) { ${FIELD_MAPPING} } }`,
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'PATCH',
    path: '/integration-field-mappings/{fieldMappingId}',
    operationId: 'updateIntegrationFieldMapping',
    tag: 'Integrations',
    summary: 'Update an integration field mapping',
    graphql: /* GraphQL */ `
      mutation UpdateIntegrationFieldMapping($id: Int!, $input: IntegrationFieldMappingUpdateInput!) {
        updateIntegrationFieldMapping(id: $id, input: $input) { ${FIELD_MAPPING} }
      }`,
    pathParams: { fieldMappingId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/integration-field-mappings/{fieldMappingId}',
    operationId: 'deleteIntegrationFieldMapping',
    tag: 'Integrations',
    summary: 'Delete an integration field mapping',
    graphql: /* GraphQL */ `mutation DeleteIntegrationFieldMapping($id: Int!) { deleteIntegrationFieldMapping(id: $id) { ${FIELD_MAPPING} } }`,
    pathParams: { fieldMappingId: 'id' },
    envelope: 'data',
  },
];
