import './work-order-types.js';
import './work-order-fields.js';
