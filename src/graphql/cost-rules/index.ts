// GraphQL types and fields of cost rules; imported once by src/graphql/schema.ts.
import './cost-rule-types.js';
import './cost-rule-fields.js';
