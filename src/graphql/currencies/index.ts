// GraphQL types and fields of currencies: exchange rates and conversion; imported once by src/graphql/schema.ts.
import './currency-fields.js';
