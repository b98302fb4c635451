// GraphQL types and fields of accounts payable; imported once by src/graphql/schema.ts.
import './bill-fields.js';
import './credit-fields.js';
import './return-fields.js';
import './report-fields.js';
import './statement-fields.js';
