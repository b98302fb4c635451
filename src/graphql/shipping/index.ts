// Shipping labels and print stations (issue 12); imported once by src/graphql/schema.ts.
import './label-fields.js';
import './print-station-fields.js';
