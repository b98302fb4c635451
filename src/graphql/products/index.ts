// GraphQL types and fields of this area; imported once by src/graphql/schema.ts.
import './product-types.js';
import './product-inputs.js';
import './product-fields.js';
