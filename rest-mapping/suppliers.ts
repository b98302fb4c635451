// Suppliers, supplier SKUs, tags, categories and custom field definitions.
import type { RestRoute } from '../src/rest/route.js';

export const supplierRoutes: RestRoute[] = [];
