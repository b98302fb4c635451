// Products and kits (contract: Endpoints › Products, Resources › Product).
import type { RestRoute } from '../src/rest/route.js';

export const productRoutes: RestRoute[] = [];
