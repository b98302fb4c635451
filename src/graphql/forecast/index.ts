// The forecast table (issue 15); imported once by src/graphql/schema.ts.
import './forecast-fields.js';
