// Units of measure, unit classes and conversion rules (contract: Endpoints › Units of measure).
import type { RestRoute } from '../src/rest/route.js';

export const unitRoutes: RestRoute[] = [];
