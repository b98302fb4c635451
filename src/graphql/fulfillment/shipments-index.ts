// Fulfillment orders, shipments and billable lines.
import './shipment-fields.js';
