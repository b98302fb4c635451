// Suppliers and their contacts, supplier SKUs, tags, categories, priority lists, distribution templates
// and custom field definitions. Each resource has the same five routes (list, get, create, update,
// delete), generated from one description so they cannot drift apart.
import type { RestRoute } from '../src/rest/route.js';
import { everyField } from './every-field.js';
import { PAGE_META } from './shared.js';

interface ListFilter {
  variable: string;
  /** GraphQL type of the variable. */
  type: string;
}

interface Resource {
  tag: string;
  /** Collection path, e.g. /suppliers. */
  path: string;
  /** Path placeholder of one item, e.g. supplierId. */
  idParam: string;
  /** Singular and plural, for summaries. */
  noun: string;
  nouns: string;
  /** GraphQL type and the fields every response carries. */
  type: string;
  fields: string;
  /** GraphQL root field names. */
  root: { list: string; get: string; create: string; update: string; delete: string };
  createInput: string;
  updateInput: string;
  /** Query parameters of the list besides page, per_page and sort. */
  filters?: Record<string, ListFilter>;
  listDescription: string;
  createDescription?: string;
  updateDescription?: string;
  deleteDescription?: string;
}

const SORT_HELP = 'with a leading - for descending order';
const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);

function crudRoutes(r: Resource): RestRoute[] {
  const name = capitalized(r.root.get);
  const fragment = `fragment ${r.type}Fields on ${r.type} { ${r.fields} }`;
  const item = `${r.path}/{${r.idParam}}`;
  const filters = Object.entries(r.filters ?? {});
  const filterVars = filters.map(([, f]) => `, $${f.variable}: ${f.type}`).join('');
  const filterArgs = filters.map(([, f]) => `, ${f.variable}: $${f.variable}`).join('');
  return [
    {
      method: 'GET',
      path: r.path,
      operationId: `list${capitalized(r.root.list)}`,
      tag: r.tag,
      summary: `List ${r.nouns}`,
      description: r.listDescription,
      graphql: `
        query List${capitalized(r.root.list)}($page: Int, $perPage: Int, $sort: String${filterVars}) {
          ${r.root.list}(page: $page, perPage: $perPage, sort: $sort${filterArgs}) {
            items { ...${r.type}Fields }
            ${PAGE_META}
          }
        }
        ${fragment}`,
      queryParams: {
        page: 'page',
        per_page: 'perPage',
        sort: 'sort',
        ...Object.fromEntries(filters.map(([param, f]) => [param, f.variable])),
      },
      envelope: 'page',
    },
    {
      method: 'GET',
      path: item,
      operationId: `get${name}`,
      tag: r.tag,
      summary: `Get a ${r.noun}`,
      graphql: `query Get${name}($id: Int!) { ${r.root.get}(id: $id) { ...${r.type}Fields } } ${fragment}`,
      pathParams: { [r.idParam]: 'id' },
      envelope: 'data',
    },
    {
      method: 'POST',
      path: r.path,
      operationId: `create${name}`,
      tag: r.tag,
      summary: `Create a ${r.noun}`,
      description: r.createDescription,
      graphql: `mutation Create${name}($input: ${r.createInput}!) { ${r.root.create}(input: $input) { ...${r.type}Fields } } ${fragment}`,
      bodyVariable: 'input',
      envelope: 'data',
      successStatus: 201,
    },
    {
      method: 'PATCH',
      path: item,
      operationId: `update${name}`,
      tag: r.tag,
      summary: `Update a ${r.noun}`,
      description: r.updateDescription ?? 'All fields optional; only the fields given change.',
      graphql: `mutation Update${name}($id: Int!, $input: ${r.updateInput}!) { ${r.root.update}(id: $id, input: $input) { ...${r.type}Fields } } ${fragment}`,
      pathParams: { [r.idParam]: 'id' },
      bodyVariable: 'input',
      envelope: 'data',
    },
    {
      method: 'DELETE',
      path: item,
      operationId: `delete${name}`,
      tag: r.tag,
      summary: `Delete a ${r.noun}`,
      description: `Answers with the deleted record.${r.deleteDescription ? ` ${r.deleteDescription}` : ''}`,
      graphql: `mutation Delete${name}($id: Int!) { ${r.root.delete}(id: $id) { ...${r.type}Fields } } ${fragment}`,
      pathParams: { [r.idParam]: 'id' },
      envelope: 'data',
    },
  ];
}

const CONTACT_FIELDS = everyField('SupplierContact');
const NAMED_LIST = `Paginated; \`q\` matches part of the name. \`sort\` takes id, name, created_at or updated_at, ${SORT_HELP}.`;
const IN_USE = 'Refused with 422 while products use it.';

const CONTACT_SHAPE =
  'A contact of /contacts owned by the supplier: name is stored whole as first_name (last_name left empty), so it reads back as given.';
const contactFragment = `fragment SupplierContactFields on SupplierContact { ${CONTACT_FIELDS} }`;
const contactRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/suppliers/{supplierId}/contacts',
    operationId: 'listSupplierContacts',
    tag: 'Suppliers',
    summary: 'List the contacts of a supplier',
    description: `Paginated. \`sort\` takes id, name, created_at or updated_at, ${SORT_HELP}.`,
    graphql: `
      query ListSupplierContacts($supplierId: Int!, $page: Int, $perPage: Int, $sort: String) {
        supplierContacts(supplierId: $supplierId, page: $page, perPage: $perPage, sort: $sort) {
          items { ...SupplierContactFields }
          ${PAGE_META}
        }
      }
      ${contactFragment}`,
    pathParams: { supplierId: 'supplierId' },
    queryParams: { page: 'page', per_page: 'perPage', sort: 'sort' },
    envelope: 'page',
  },
  {
    method: 'POST',
    path: '/suppliers/{supplierId}/contacts',
    operationId: 'createSupplierContact',
    tag: 'Suppliers',
    summary: 'Add a contact to a supplier',
    description: `{name, email?, phone?, role?}. ${CONTACT_SHAPE}`,
    graphql: `mutation CreateSupplierContact($supplierId: Int!, $input: SupplierContactCreateInput!) {
      createSupplierContact(supplierId: $supplierId, input: $input) { ...SupplierContactFields } } ${contactFragment}`,
    pathParams: { supplierId: 'supplierId' },
    bodyVariable: 'input',
    envelope: 'data',
    successStatus: 201,
  },
  {
    method: 'GET',
    path: '/suppliers/{supplierId}/contacts/{contactId}',
    operationId: 'getSupplierContact',
    tag: 'Suppliers',
    summary: 'Get a contact of a supplier',
    graphql: `query GetSupplierContact($supplierId: Int!, $id: Int!) {
      supplierContact(supplierId: $supplierId, id: $id) { ...SupplierContactFields } } ${contactFragment}`,
    pathParams: { supplierId: 'supplierId', contactId: 'id' },
    envelope: 'data',
  },
  {
    method: 'PATCH',
    path: '/suppliers/{supplierId}/contacts/{contactId}',
    operationId: 'updateSupplierContact',
    tag: 'Suppliers',
    summary: 'Update a contact of a supplier',
    description: `All fields optional; only the fields given change. ${CONTACT_SHAPE}`,
    graphql: `mutation UpdateSupplierContact($supplierId: Int!, $id: Int!, $input: SupplierContactUpdateInput!) {
      updateSupplierContact(supplierId: $supplierId, id: $id, input: $input) { ...SupplierContactFields } } ${contactFragment}`,
    pathParams: { supplierId: 'supplierId', contactId: 'id' },
    bodyVariable: 'input',
    envelope: 'data',
  },
  {
    method: 'DELETE',
    path: '/suppliers/{supplierId}/contacts/{contactId}',
    operationId: 'deleteSupplierContact',
    tag: 'Suppliers',
    summary: 'Delete a contact of a supplier',
    description: 'Answers with the deleted contact.',
    graphql: `mutation DeleteSupplierContact($supplierId: Int!, $id: Int!) {
      deleteSupplierContact(supplierId: $supplierId, id: $id) { ...SupplierContactFields } } ${contactFragment}`,
    pathParams: { supplierId: 'supplierId', contactId: 'id' },
    envelope: 'data',
  },
];

export const supplierRoutes: RestRoute[] = [
  ...crudRoutes({
    tag: 'Suppliers',
    path: '/suppliers',
    idParam: 'supplierId',
    noun: 'supplier',
    nouns: 'suppliers',
    type: 'Supplier',
    fields: `id name email phone currency address city country notes overReceiptTolerancePercent paymentTermsDays defaultLeadTimeDays createdAt updatedAt contacts { ${CONTACT_FIELDS} }`,
    root: { list: 'suppliers', get: 'supplier', create: 'createSupplier', update: 'updateSupplier', delete: 'deleteSupplier' },
    createInput: 'SupplierCreateInput',
    updateInput: 'SupplierUpdateInput',
    filters: { q: { variable: 'q', type: 'String' } },
    listDescription: NAMED_LIST,
    createDescription: '`name` is required (at most 255 characters); `currency` is a 3-letter uppercase ISO 4217 code.',
    deleteDescription:
      'Its contacts go with it. Refused with 422, naming them, while other records use the supplier: products, supplier SKUs, purchase orders, deals, bills, ' +
      'prepayments, vendor credits, vendor returns, channels (as dropship supplier), work orders and their steps, cost rules.',
  }),
  ...contactRoutes,
  ...crudRoutes({
    tag: 'Supplier SKUs',
    path: '/supplier-skus',
    idParam: 'supplierSkuId',
    noun: 'supplier SKU',
    nouns: 'supplier SKUs',
    type: 'SupplierSku',
    fields: 'id supplierId productId supplierSku cost currency minOrderQuantity orderMultiple leadTimeDays createdAt updatedAt supplier { id name }',
    root: { list: 'supplierSkus', get: 'supplierSku', create: 'createSupplierSku', update: 'updateSupplierSku', delete: 'deleteSupplierSku' },
    createInput: 'SupplierSkuCreateInput',
    updateInput: 'SupplierSkuUpdateInput',
    filters: { supplier_id: { variable: 'supplierId', type: 'Int' }, product_id: { variable: 'productId', type: 'Int' } },
    listDescription: `Paginated; \`supplier_id\` and \`product_id\` narrow the list. \`sort\` takes id, supplier_sku, cost, lead_time_days, created_at or updated_at, ${SORT_HELP}.`,
    createDescription:
      "`supplier_id`, `product_id` and `supplier_sku` (unique per supplier) are required. `cost` and `min_order_quantity` are at least 0, `order_multiple` greater than 0, `lead_time_days` a whole number of at least 0. Without `currency`, the supplier's currency is used.",
  }),
  ...crudRoutes({
    tag: 'Tags',
    path: '/tags',
    idParam: 'tagId',
    noun: 'tag',
    nouns: 'tags',
    type: 'Tag',
    fields: 'id name description icon color createdAt updatedAt',
    root: { list: 'tags', get: 'tag', create: 'createTag', update: 'updateTag', delete: 'deleteTag' },
    createInput: 'TagCreateInput',
    updateInput: 'TagUpdateInput',
    filters: { q: { variable: 'q', type: 'String' } },
    listDescription: NAMED_LIST,
    createDescription: '`name` is required, at most 255 characters and unique per company (ignoring case).',
    deleteDescription: 'The tag is detached from its products.',
  }),
  ...crudRoutes({
    tag: 'Products',
    path: '/categories',
    idParam: 'categoryId',
    noun: 'category or subcategory',
    nouns: 'categories and subcategories',
    type: 'Category',
    fields: 'id name type parentId createdAt updatedAt subcategories { id name }',
    root: { list: 'categories', get: 'category', create: 'createCategory', update: 'updateCategory', delete: 'deleteCategory' },
    createInput: 'CategoryCreateInput',
    updateInput: 'CategoryUpdateInput',
    filters: {
      parent_id: { variable: 'parentId', type: 'Int' },
      type: { variable: 'kind', type: 'CategoryKind' },
      q: { variable: 'q', type: 'String' },
    },
    listDescription: `Paginated. \`type=category\` lists only categories, \`type=subcategory\` only subcategories; \`parent_id\` the subcategories of one category; \`q\` matches part of the name. \`sort\` takes id, name, created_at or updated_at, ${SORT_HELP}.`,
    createDescription: 'Without `parent_id` this creates a category; with the id of a category, a subcategory under it. Subcategories do not nest.',
    deleteDescription: 'Refused with 422 while products use it or while it holds subcategories.',
  }),
  ...crudRoutes({
    tag: 'Fulfillment Priority Lists',
    path: '/priority-lists',
    idParam: 'priorityListId',
    noun: 'priority list',
    nouns: 'priority lists',
    type: 'PriorityList',
    fields: 'id name description warehouseIds createdAt updatedAt',
    root: { list: 'priorityLists', get: 'priorityList', create: 'createPriorityList', update: 'updatePriorityList', delete: 'deletePriorityList' },
    createInput: 'PriorityListCreateInput',
    updateInput: 'PriorityListUpdateInput',
    filters: { q: { variable: 'q', type: 'String' } },
    listDescription: NAMED_LIST,
    createDescription:
      '`name` is required. `warehouse_ids` orders warehouses (top-level locations, each once) for the allocation of sales orders of the products that name the list; warehouses not listed come after, by id. An unknown id, a location that is not a warehouse or a repeated warehouse is a 422 on `warehouse_ids.N`.',
    updateDescription:
      'All fields optional; only the fields given change. `warehouse_ids` replaces the list; an unknown id, a location that is not a warehouse or a repeated warehouse is a 422 on `warehouse_ids.N`.',
    deleteDescription: IN_USE,
  }),
  ...crudRoutes({
    tag: 'Products',
    path: '/distribution-templates',
    idParam: 'distributionTemplateId',
    noun: 'distribution template',
    nouns: 'distribution templates',
    type: 'DistributionTemplate',
    fields: 'id name source createdAt updatedAt',
    root: {
      list: 'distributionTemplates',
      get: 'distributionTemplate',
      create: 'createDistributionTemplate',
      update: 'updateDistributionTemplate',
      delete: 'deleteDistributionTemplate',
    },
    createInput: 'DistributionTemplateCreateInput',
    updateInput: 'DistributionTemplateUpdateInput',
    filters: { q: { variable: 'q', type: 'String' } },
    listDescription: NAMED_LIST,
    createDescription: '`name` is required; `source` defaults to "assigned".',
    deleteDescription: IN_USE,
  }),
  ...crudRoutes({
    tag: 'Products',
    path: '/distribution-template-categories',
    idParam: 'distributionTemplateCategoryId',
    noun: 'distribution template category',
    nouns: 'distribution template categories',
    type: 'DistributionTemplateCategory',
    fields: 'id name createdAt updatedAt',
    root: {
      list: 'distributionTemplateCategories',
      get: 'distributionTemplateCategory',
      create: 'createDistributionTemplateCategory',
      update: 'updateDistributionTemplateCategory',
      delete: 'deleteDistributionTemplateCategory',
    },
    createInput: 'DistributionTemplateCategoryCreateInput',
    updateInput: 'DistributionTemplateCategoryUpdateInput',
    filters: { q: { variable: 'q', type: 'String' } },
    listDescription: NAMED_LIST,
    deleteDescription: IN_USE,
  }),
  ...crudRoutes({
    tag: 'Custom Fields',
    path: '/custom-fields',
    idParam: 'customFieldId',
    noun: 'custom field definition',
    nouns: 'custom field definitions',
    type: 'CustomFieldDefinition',
    fields: 'id entityType key label type options required createdAt updatedAt',
    root: {
      list: 'customFieldDefinitions',
      get: 'customFieldDefinition',
      create: 'createCustomFieldDefinition',
      update: 'updateCustomFieldDefinition',
      delete: 'deleteCustomFieldDefinition',
    },
    createInput: 'CustomFieldDefinitionCreateInput',
    updateInput: 'CustomFieldDefinitionUpdateInput',
    filters: { entity_type: { variable: 'entityType', type: 'String' } },
    listDescription: `Paginated; \`entity_type\` narrows the list. \`sort\` takes id, key, label, created_at or updated_at, ${SORT_HELP}.`,
    createDescription:
      '`entity_type` (product), `key` (snake_case, at most 64 characters, unique per entity type), `label` and `type` (text, number, boolean, date or single_select) are required. `options` is required and non-empty for single_select and not allowed otherwise.',
    updateDescription: 'Label, options and required may change; entity_type, key and type are fixed once created.',
    deleteDescription: "Values stored under the key are no longer accepted, and are dropped the next time a record's custom fields are written.",
  }),
];
