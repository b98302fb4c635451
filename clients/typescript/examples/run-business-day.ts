// Runs the business day (business-day.ts) against a running server, printing each step and then the summary:
//   BASE_URL=http://127.0.0.1:3000/external/api/v1 TOKEN=inv_... npx tsx clients/typescript/examples/run-business-day.ts
// The bare host is served for the token's company; the company's own host (http://acme.localhost:3000/...) works too.
import { createInventoryClient } from '../src/client.js';
import { runBusinessDay } from './business-day.js';

const baseUrl = process.env.BASE_URL;
const token = process.env.TOKEN;
if (!baseUrl || !token) {
  console.error('Set BASE_URL (e.g. http://127.0.0.1:3000/external/api/v1) and TOKEN (an API token of the company with the read and write scopes).');
  process.exit(2);
}
const summary = await runBusinessDay(createInventoryClient({ baseUrl, token }), (line) => console.log(line));
console.log(JSON.stringify(summary, null, 2));
