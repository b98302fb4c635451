// Shipment packages (nested) and SSCCs.
import './package-fields.js';
