// Invoices, invoice payments, credit notes and customer returns.
import './invoice-fields.js';
import './customer-return-fields.js';
