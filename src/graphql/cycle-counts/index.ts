import './batch-fields.js';
import './session-fields.js';
