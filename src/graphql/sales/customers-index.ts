// Customers, contacts, price lists and the price quote.
import './customer-fields.js';
import './contact-fields.js';
import './price-list-fields.js';
