// A typed client of the REST API (/external/api/v1): openapi-fetch at run time, typed by `paths` from
// schema.d.ts, which openapi-typescript generates from the service's OpenAPI document (npm run client:generate).
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

export type InventoryClient = Client<paths>;

export interface InventoryClientOptions {
  /** The API's root with the company's host, e.g. `https://acme.example.com/external/api/v1`. */
  baseUrl: string;
  /** An API token of the company (created at /settings/api-tokens); sent as `Authorization: Bearer <token>`. */
  token: string;
  /** Another fetch (a test's, a proxy's); globalThis.fetch otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

export function createInventoryClient({ baseUrl, token, fetch }: InventoryClientOptions): InventoryClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${token}` },
    // List filters (`filters: { sales_order_id: '7' }`) go out as their own parameters, `sales_order_id=7`,
    // as the document says (style form, explode); openapi-fetch would send objects as deepObject by default.
    querySerializer: { object: { style: 'form', explode: true } },
    ...(fetch ? { fetch } : {}),
  });
}
