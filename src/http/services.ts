// What the HTTP handlers share for the life of the process.
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Logger } from './logger.js';
import type { RestRoute } from '../rest/route.js';

export interface AppServices {
  config: Config;
  database: Database;
  schema: GraphQLSchema;
  logger: Logger;
  /** The REST routes served: the documented ones (rest-mapping/) unless given, as a test serving a schema of its own does. */
  restRoutes?: RestRoute[];
}
