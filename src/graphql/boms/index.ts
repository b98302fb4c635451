// GraphQL types and fields of this area; imported once by src/graphql/schema.ts.
import './bom-types.js';
import './bom-fields.js';
