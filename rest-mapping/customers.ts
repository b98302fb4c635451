// Customer companies and contacts (snake_case, {data} envelopes). A supplier's contacts are contacts too:
// /contacts lists them with supplier_id, and /suppliers/{id}/contacts shows them in that route's shape.
import type { RestRoute } from '../src/rest/route.js';
import { PAGE_META } from './shared.js';

/** An address (REST: street_1, street_2 …) as customers and sales orders show it. */
export const ADDRESS_FIELDS = 'name street1 street2 city state zip country';
const CONTACT_FIELDS = 'id companyId supplierId firstName lastName email phone title createdAt updatedAt';
const COMPANY_FIELDS = `
  id name email phone taxId currency priceListId priceList { id name currency } paymentTermsDays
  billingAddress { ${ADDRESS_FIELDS} } shippingAddress { ${ADDRESS_FIELDS} } notes customFields
  contacts { id firstName lastName email phone title } createdAt updatedAt`;
const CONTACT_WITH_OWNER = `${CONTACT_FIELDS} company { id name } supplier { id name }`;

const SORT_HELP = 'prefix - for descending';
const FILTER_HELP = 'Filters with the grammar of GET /products (`field=value` or `field[operator]=value`)';

interface Crud {
  tag: string;
  path: string;
  idParam: string;
  noun: string;
  /** The plural, in words and as a type name: "customer companies", "CustomerCompanies". */
  nouns: string;
  types: string;
  /** GraphQL: the type, its list/get root fields and the mutation names' stem. */
  type: string;
  list: string;
  get: string;
  fields: string;
  filterSpec: string;
  listDescription: string;
  createDescription: string;
  updateDescription: string;
  deleteDescription: string;
}

function crud(r: Crud): RestRoute[] {
  const fragment = `fragment ${r.type}Fields on ${r.type} { ${r.fields} }`;
  const item = `${r.path}/{${r.idParam}}`;
  return [
    {
      method: 'GET',
      path: r.path,
      operationId: `list${r.types}`,
      tag: r.tag,
      summary: `List ${r.nouns}`,
      description: r.listDescription,
      graphql: /* GraphQL */ `
        query List${r.types}($page: Int, $perPage: Int, $sort: String, $filters: [FilterParamInput!]) {
          ${r.list}(page: $page, perPage: $perPage, sort: $sort, filters: $filters) { items { ...${r.type}Fields } ${PAGE_META} }
        }
        ${fragment}`,
      queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
      filters: { variable: 'filters', spec: r.filterSpec },
      envelope: 'page',
    },
    {
      method: 'GET',
      path: item,
      operationId: `get${r.type}`,
      tag: r.tag,
      summary: `Get a ${r.noun}`,
      graphql: /* GraphQL */ `query Get${r.type}($id: Int!) { ${r.get}(id: $id) { ...${r.type}Fields } } ${fragment}`,
      pathParams: { [r.idParam]: 'id' },
      envelope: 'data',
    },
    {
      method: 'POST',
      path: r.path,
      operationId: `create${r.type}`,
      tag: r.tag,
      summary: `Create a ${r.noun}`,
      description: r.createDescription,
      graphql: /* GraphQL */ `mutation Create${r.type}($input: ${r.type}CreateInput!) { create${r.type}(input: $input) { ...${r.type}Fields } } ${fragment}`,
      bodyVariable: 'input',
      envelope: 'data',
      successStatus: 201,
    },
    {
      method: 'PATCH',
      path: item,
      operationId: `update${r.type}`,
      tag: r.tag,
      summary: `Update a ${r.noun}`,
      description: r.updateDescription,
      graphql: /* GraphQL */ `
        mutation Update${r.type}($id: Int!, $input: ${r.type}UpdateInput!) { update${r.type}(id: $id, input: $input) { ...${r.type}Fields } } ${fragment}`,
      pathParams: { [r.idParam]: 'id' },
      bodyVariable: 'input',
      envelope: 'data',
    },
    {
      method: 'DELETE',
      path: item,
      operationId: `delete${r.type}`,
      tag: r.tag,
      summary: `Delete a ${r.noun}`,
      description: `Answers with the deleted record. ${r.deleteDescription}`,
      graphql: /* GraphQL */ `mutation Delete${r.type}($id: Int!) { delete${r.type}(id: $id) { ...${r.type}Fields } } ${fragment}`,
      pathParams: { [r.idParam]: 'id' },
      envelope: 'data',
    },
  ];
}

export const customerRoutes: RestRoute[] = [
  ...crud({
    tag: 'Companies',
    path: '/companies',
    idParam: 'companyId',
    noun: 'customer company',
    nouns: 'customer companies',
    type: 'CustomerCompany',
    types: 'CustomerCompanies',
    list: 'customerCompanies',
    get: 'customerCompany',
    fields: COMPANY_FIELDS,
    filterSpec: 'customerCompanies',
    listDescription: `${FILTER_HELP}: name, email, currency, price_list_id, created_at, updated_at. \`sort\` takes id, name, email, created_at or updated_at (${SORT_HELP}).`,
    createDescription:
      '{name, email?, phone?, tax_id?, currency?, price_list_id?, payment_terms_days?, billing_address?, shipping_address?, notes?, custom_fields?}. An address is {name?, street_1, street_2?, city, state?, zip?, country} with an ISO 3166-1 alpha-2 country (checked against the i18n-iso-countries list; any case, stored uppercase). currency is ISO 4217; price_list_id a price list of the company (its prices come first in quotes and sales lines); payment_terms_days 0 to 3650. custom_fields is an object of snake_case keys holding text, numbers or booleans, free-form (the typed definitions of /custom-fields cover products only).',
    updateDescription:
      'Only the fields given change. An address given replaces the stored one (null removes it). custom_fields merge into the stored ones: a key set to null is removed, custom_fields null removes them all.',
    deleteDescription: 'Its contacts go with it. Refused with 422 while sales orders name it.',
  }),
  ...crud({
    tag: 'Contacts',
    path: '/contacts',
    idParam: 'contactId',
    noun: 'contact',
    nouns: 'contacts',
    type: 'Contact',
    types: 'Contacts',
    list: 'contacts',
    get: 'contact',
    fields: CONTACT_WITH_OWNER,
    filterSpec: 'contacts',
    listDescription: `Contacts of customer companies and of suppliers. ${FILTER_HELP}: company_id, supplier_id, email, name (first or last name), created_at. \`sort\` takes id, first_name, last_name, email, created_at or updated_at (${SORT_HELP}).`,
    createDescription:
      '{company_id? | supplier_id?, first_name, last_name?, email?, phone?, title?}: exactly one owner, a customer company or a supplier (422 on both fields otherwise). A supplier contact is also listed under /suppliers/{id}/contacts, where first and last name read as `name` and the title as `role`.',
    updateDescription:
      'Only the fields given change. The owner can move: to another company, or to the other kind of owner by setting the old one to null in the same request; a contact never ends with no owner or two.',
    deleteDescription: '',
  }),
];
