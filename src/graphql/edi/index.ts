import './document-fields.js';
