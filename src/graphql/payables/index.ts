// GraphQL types and fields of accounts payable; imported once by src/graphql/schema.ts.
import './bill-fields.js';
