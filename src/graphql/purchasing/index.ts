// GraphQL types and fields of purchasing; imported once by src/graphql/schema.ts.
import './purchase-order-types.js';
import './purchase-order-fields.js';
import './receiving-types.js';
import './receiving-fields.js';
import './obligation-fields.js';
import './deal-fields.js';
import './portal-fields.js';
