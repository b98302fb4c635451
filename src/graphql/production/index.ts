// Production batches and the consumption report (issue 14); imported once by src/graphql/schema.ts.
import './batch-fields.js';
import './consumption-fields.js';
