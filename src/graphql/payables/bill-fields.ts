// Bills: types, queries and mutations. Rules in src/domain/payables/bills.ts.
import '../builder.js';
