// GraphQL types and fields of this area; imported once by src/graphql/schema.ts.
import './unit-types.js';
import './unit-class-fields.js';
import './unit-of-measure-fields.js';
import './conversion-rule-fields.js';
