// GraphQL types and fields of this area (suppliers, supplier SKUs, tags, categories, priority lists,
// distribution templates, custom field definitions); imported once by src/graphql/schema.ts.
import './supplier-types.js';
import './supplier-fields.js';
import './supplier-sku-fields.js';
import './tag-fields.js';
import './category-fields.js';
import './distribution-fields.js';
import './custom-field-fields.js';
