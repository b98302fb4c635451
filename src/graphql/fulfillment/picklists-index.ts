// Picklists.
import './picklist-fields.js';
