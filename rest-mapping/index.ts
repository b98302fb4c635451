// Every documented REST route, area by area. The gateway serves them and the OpenAPI document describes them.
import type { RestRoute } from '../src/rest/route.js';
import { bomRoutes } from './boms.js';
import { locationRoutes } from './locations.js';
import { productRoutes } from './products.js';
import { supplierRoutes } from './suppliers.js';
import { unitRoutes } from './units.js';

export const restRoutes: RestRoute[] = [...locationRoutes, ...unitRoutes, ...productRoutes, ...bomRoutes, ...supplierRoutes];
