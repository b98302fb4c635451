// GraphQL types and fields of integrations; imported once by src/graphql/schema.ts.
import './mapping-fields.js';
