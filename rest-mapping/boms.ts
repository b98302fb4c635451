// Bills of materials (contract: Endpoints › Bills of materials, Resources › BOM).
import type { RestRoute } from '../src/rest/route.js';

export const bomRoutes: RestRoute[] = [];
