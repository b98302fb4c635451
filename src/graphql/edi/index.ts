import './document-fields.js';
import './summary-fields.js';
