// REST routes of accounts payable: bills, their payments and allocations.
import type { RestRoute } from '../src/rest/route.js';

export const payablesRoutes: RestRoute[] = [];
