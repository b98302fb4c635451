// Every documented REST route, area by area. The gateway serves them and the OpenAPI document describes them.
import type { RestRoute } from '../src/rest/route.js';
import { locationRoutes } from './locations.js';

export const restRoutes: RestRoute[] = [...locationRoutes];
