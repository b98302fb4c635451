// PickFlow Shipping: rate tables, services, rates and labels.
import './rate-tables.js';
import './rate-quotes.js';
