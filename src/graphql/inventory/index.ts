// GraphQL types and fields of the inventory area; imported once by src/graphql/schema.ts.
import './inventory-types.js';
import './inventory-fields.js';
import './export-types.js';
import './export-fields.js';
import './transfer-types.js';
import './transfer-fields.js';
import './report-types.js';
import './report-fields.js';
