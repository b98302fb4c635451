// Sales orders, order intake and purgatory.
import './sales-order-fields.js';
import './purgatory-fields.js';
