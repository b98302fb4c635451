// CSV imports through HTTP with the job worker running: text/csv and multipart uploads, row errors (JSON
// and CSV), dry runs, update_existing, the stock type, a header that does not fit, cancel, the list with its
// type filter, and live progress over Server-Sent Events (REST and the GraphQL subscription).
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/test-server.js';
import { serverForFile } from '../support/file-server.js';
import { createApiToken } from '../../src/domain/tenancy/api-tokens.js';
import { startBackground } from '../../src/jobs/background.js';
import { silentLogger } from '../../src/http/logger.js';

const { server, companies: { acme } } = serverForFile(['acme'], { background: true });
const api = '/external/api/v1';

beforeAll(async () => {
  // A token made by the company's admin: imports name its creator's address and its name.
  const admin = await server.database.prisma.user.findFirstOrThrow({ where: { companyId: acme.companyId } });
  acme.token = (await createApiToken(server.database.prisma, { companyId: acme.companyId, name: 'importer', scopes: ['read', 'write'], createdById: admin.id })).secret;
});

const call = (method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) => server.call(method, api + path, { token: acme.token, company: 'acme', ...options });
const csvPost = (query: string, csv: string) => call('POST', `/imports?${query}`, { rawBody: csv, headers: { 'content-type': 'text/csv' } });

async function multipartPost(fields: Record<string, string>, csv: string, filename = 'products.csv') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), filename);
  const response = await fetch(`${server.baseUrl}${api}/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${acme.token}` } });
  return { status: response.status, body: await response.json() };
}

async function finished(id: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await call('GET', `/imports/${id}`);
    if (['finished', 'failed', 'cancelled'].includes(got.body.data.job.status)) return got.body.data;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${got.body.data.job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads an SSE stream until it ends: [event, data][]. */
function readEvents(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<{ status: number; events: Array<[string, any]> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method, path, agent: false, headers: { host: `acme.localhost:${server.port}`, authorization: `Bearer ${acme.token}`, accept: 'text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const events = text
            .split('\n\n')
            .filter((block) => block.trim() !== '' && !block.startsWith(':'))
            .map((block) => {
              const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
              const data = /^data: (.*)$/m.exec(block)?.[1];
              return [event, data ? JSON.parse(data) : null] as [string, any];
            });
          resolve({ status: res.statusCode ?? 0, events });
        });
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('SSE timed out')));
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

describe('POST /imports', () => {
  it('imports master_skus from a text/csv body, creating products and reporting bad rows by line and column', async () => {
    const csv = [
      'SKU,Name,Retail_Price,Weight,Weight_Unit,Category,Tags,sellable',
      'IMP-1,First,10.50,2,lb,Widgets,red|blue,true',
      'IMP-2,Second,abc,,,Widgets,,',
      ',No sku,1,,,,,',
      'IMP-3,Third,3,1,stone,,,',
      'IMP-4,Fourth,4,,,Gadgets,blue,maybe',
      'IMP-5,"Quoted, name",5,,,,,',
    ].join('\r\n');
    const started = await csvPost('type=master_skus', csv);
    expect(started.status).toBe(202);
    expect(Object.keys(started.body.data).sort()).toEqual(['created_at', 'email', 'id', 'imported_by', 'job', 'options', 'stats', 'type', 'updated_at']);
    expect(started.body.data).toMatchObject({ type: 'master_skus', email: acme.adminEmail, imported_by: 'importer', options: { dry_run: false, update_existing: false, delimiter: ',' } });
    expect(Object.keys(started.body.data.job).sort()).toEqual(['attempts', 'created_at', 'finished_at', 'id', 'job_id', 'progress_max', 'progress_now', 'queue', 'started_at', 'status', 'type', 'updated_at']);
    expect(started.body.data.job).toMatchObject({ status: 'queued', progress_max: 6, queue: 'imports', type: 'import' });

    const done = await finished(started.body.data.id);
    expect(done.job).toMatchObject({ status: 'finished', progress_now: 6, progress_max: 6, attempts: 1 });
    expect(done.stats).toEqual({ total_rows: 6, success_count: 2, error_count: 4 });

    const errors = await call('GET', `/imports/${done.id}/errors`);
    expect(errors.status).toBe(200);
    expect(errors.body.data).toEqual([
      { line: 3, column: 'retail_price', message: expect.stringContaining('must be a number') },
      { line: 4, column: 'sku', message: 'The sku is required.' },
      { line: 5, column: 'weight_unit', message: expect.stringContaining('The unit must be one of') },
      { line: 6, column: 'sellable', message: expect.stringContaining('true or false') },
    ]);
    expect(errors.body.meta).toMatchObject({ total: 4, current_page: 1 });

    const products = [(await call('GET', '/products?sku=IMP-1')).body.data[0], (await call('GET', '/products?sku=IMP-5')).body.data[0]];
    expect(products.map((p: any) => [p.sku, p.name, p.retail_price])).toEqual([['IMP-1', 'First', 10.5], ['IMP-5', 'Quoted, name', 5]]);
    const first = products[0];
    expect(first.product_weight_lb).toBe(2);
    expect(first.tags.map((t: any) => t.name).sort()).toEqual(['blue', 'red']);

    const csvErrors = await call('GET', `/imports/${done.id}/errors.csv`);
    expect(csvErrors.status).toBe(200);
    expect(csvErrors.headers['content-type']).toContain('text/csv');
    expect(csvErrors.headers['content-disposition']).toContain(`import-${done.id}-errors.csv`);
    expect(csvErrors.text.split('\r\n')[0]).toBe('line,column,message');
    expect(csvErrors.text.split('\r\n')[2]).toBe('4,sku,The sku is required.');
  });

  it('refuses an existing sku unless update_existing, and updates only the cells given', async () => {
    const refused = await finished((await csvPost('type=master_skus', 'sku,name\nIMP-1,Renamed\n')).body.data.id);
    expect(refused.stats).toEqual({ total_rows: 1, success_count: 0, error_count: 1 });
    const why = await call('GET', `/imports/${refused.id}/errors`);
    expect(why.body.data[0]).toMatchObject({ line: 2, column: 'sku', message: expect.stringContaining('update_existing') });

    const updated = await finished((await csvPost('type=master_skus&update_existing=true', 'sku,name,retail_price\nIMP-1,Renamed,\n')).body.data.id);
    expect(updated.stats, JSON.stringify(updated.job)).toEqual({ total_rows: 1, success_count: 1, error_count: 0 });
    const product = (await call('GET', '/products?sku=IMP-1')).body.data[0];
    expect(product).toMatchObject({ name: 'Renamed', retail_price: 10.5 });
  });

  it('validates a dry run without writing anything, with semicolons and a byte order mark', async () => {
    const dry = await finished((await csvPost('type=master_skus&dry_run=true&delimiter=;', '\uFEFFsku;name;unit_cost\nDRY-1;Dry;1.5\nDRY-2;;2\n')).body.data.id);
    expect(dry.options).toEqual({ dry_run: true, update_existing: false, delimiter: ';' });
    expect(dry.stats).toEqual({ total_rows: 2, success_count: 1, error_count: 1 });
    expect((await call('GET', '/products?sku=DRY-1')).body.data).toEqual([]);
    expect((await call('GET', `/imports/${dry.id}/errors`)).body.data).toEqual([{ line: 3, column: 'name', message: 'The name is required for a new product.' }]);
  });

  it('fails an import whose header does not fit its type, with the reason on line 1', async () => {
    const failed = await finished((await csvPost('type=master_skus', 'name,colour\nA,red\n')).body.data.id);
    expect(failed.job.status).toBe('failed');
    expect((await call('GET', `/imports/${failed.id}/errors`)).body.data).toEqual([
      { line: 1, column: null, message: expect.stringMatching(/missing column sku; unknown column colour/) },
    ]);
  });

  it('imports stock counts, posting one adjustment per chunk', async () => {
    const warehouse = (await call('POST', '/locations', { body: { name: 'Main WH' } })).body.data;
    const counted = await finished(
      (await csvPost('type=stock', `sku,location,quantity,unit_cost\nIMP-1,Main WH,12,2.5\nIMP-5,${warehouse.id},3,\nNOPE,Main WH,1,\nIMP-1,Nowhere,1,\n`)).body.data.id,
    );
    expect(counted.stats).toEqual({ total_rows: 4, success_count: 2, error_count: 2 });
    expect((await call('GET', `/imports/${counted.id}/errors`)).body.data).toEqual([
      { line: 4, column: 'sku', message: 'No active product has the sku "NOPE".' },
      { line: 5, column: 'location', message: 'No location is named "Nowhere".' },
    ]);
    const idOf = async (sku: string) => (await call('GET', `/products?sku=${sku}`)).body.data[0].id;
    const [imp1, imp5] = [await idOf('IMP-1'), await idOf('IMP-5')];
    const stock = await call('GET', `/inventory/stock?location_id=${warehouse.id}`);
    expect(stock.status).toBe(200);
    const byProduct = Object.fromEntries(stock.body.data.map((row: any) => [row.product_id, row.quantity]));
    expect(byProduct).toEqual({ [imp1]: 12, [imp5]: 3 });
    // A second count sets, it does not add.
    await finished((await csvPost('type=stock', 'sku,location,quantity\nIMP-1,Main WH,5\n')).body.data.id);
    const again = await call('GET', `/inventory/stock?location_id=${warehouse.id}&product_id=${imp1}`);
    expect(again.body.data[0].quantity).toBe(5);
  });

  it('answers 415, 422 and 404 for what it cannot take', async () => {
    const json = await call('POST', '/imports?type=master_skus', { body: { rows: [] } });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ message: expect.stringContaining('multipart/form-data') });
    const unknown = await csvPost('type=customers', 'a\n1\n');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.type[0]).toContain('master_skus');
    const missing = await csvPost('', 'sku\nA\n');
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['type']);
    const empty = await csvPost('type=master_skus', '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ file: ['The file is empty.'] });
    const delimiter = await csvPost('type=master_skus&delimiter=x', 'sku\nA\n');
    expect(delimiter.body.errors.delimiter).toBeDefined();
    const noFile = await multipartPost({ type: 'master_skus' }, '').then(async () => {
      const form = new FormData();
      form.append('type', 'master_skus');
      const response = await fetch(`${server.baseUrl}${api}/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${acme.token}` } });
      return { status: response.status, body: await response.json() };
    });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors.file).toBeDefined();
    // A multipart body that is cut off or has no boundary is a 400 naming the problem, never a 500.
    for (const [contentType, body] of [['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nsku\n'], ['multipart/form-data', 'whatever']]) {
      const broken = await call('POST', '/imports?type=master_skus', { rawBody: body, headers: { 'content-type': contentType } });
      expect(broken.status, broken.text).toBe(400);
      expect(broken.body.message).toContain('multipart');
    }
    expect((await call('GET', '/imports/999999')).status).toBe(404);
    expect((await call('GET', '/imports/999999/errors')).status).toBe(404);
  });
});

describe('the other import types over HTTP', () => {
  it('imports supplier SKUs, currency rates and price lists', async () => {
    const supplier = (await call('POST', '/suppliers', { body: { name: 'Acme Supply', currency: 'USD' } })).body.data;
    const skus = await finished((await csvPost('type=supplier_skus', 'supplier,sku,supplier_sku,cost,lead_time_days,min_order_quantity,order_multiple\nAcme Supply,IMP-1,AS-1,4.25,12,10,5\nAcme Supply,NOPE,AS-2,1,,,\n')).body.data.id);
    expect(skus.stats).toEqual({ total_rows: 2, success_count: 1, error_count: 1 });
    const listed = await call('GET', `/supplier-skus?supplier_id=${supplier.id}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ supplier_sku: 'AS-1', cost: 4.25, lead_time_days: 12, min_order_quantity: 10, order_multiple: 5, currency: 'USD' })]);
    expect((await call('GET', `/imports/${skus.id}/errors`)).body.data).toEqual([{ line: 3, column: 'sku', message: expect.stringContaining('NOPE') }]);

    const rates = await finished((await csvPost('type=currency_rates', 'from,to,rate,as_of\nEUR,USD,1.0831,2026-11-20\nEUR,XXX1,2,2026-11-20\n')).body.data.id);
    expect(rates.stats).toEqual({ total_rows: 2, success_count: 1, error_count: 1 });
    const converted = await call('GET', '/currency/rates/convert?from=EUR&to=USD&amount=100&date=2026-11-21');
    expect(converted.body.data).toMatchObject({ converted_amount: 108.31 });

    const prices = await finished((await csvPost('type=price_lists', 'price_list,currency,sku,min_quantity,price\nWholesale,USD,IMP-1,0,9\nWholesale,USD,IMP-1,10,8\nWholesale,USD,IMP-5,0,-1\n')).body.data.id);
    expect(prices.stats).toEqual({ total_rows: 3, success_count: 2, error_count: 1 });
    expect((await call('GET', `/imports/${prices.id}/errors`)).body.data[0]).toMatchObject({ line: 4, column: 'price' });
    const lists = await call('GET', '/price-lists');
    expect(lists.body.data.map((list: any) => list.name)).toContain('Wholesale');
  });

  it('sets a product\'s supplier (by name or id; an ambiguous name is refused) and its custom fields', async () => {
    const north = (await call('POST', '/suppliers', { body: { name: 'North Supply' } })).body.data;
    await call('POST', '/suppliers', { body: { name: 'Twin' } });
    const twin2 = (await call('POST', '/suppliers', { body: { name: 'Twin' } })).body.data;
    expect((await call('POST', '/custom-fields', { body: { entity_type: 'product', key: 'warranty_months', label: 'Warranty', type: 'number' } })).status).toBe(201);
    const csv = [
      'sku,name,supplier,custom_fields.warranty_months',
      'SUP-1,By name,North Supply,24',
      `SUP-2,By id,${twin2.id},`,
      'SUP-3,Ambiguous,Twin,',
      'SUP-4,Unknown,Nobody,',
      'SUP-5,Bad warranty,,many',
      'SUP-6,Unknown field,,',
    ].join('\n');
    const done = await finished((await csvPost('type=master_skus', csv + '\n')).body.data.id);
    expect(done.stats).toEqual({ total_rows: 6, success_count: 3, error_count: 3 });
    expect((await call('GET', `/imports/${done.id}/errors`)).body.data).toEqual([
      { line: 4, column: 'supplier', message: expect.stringMatching(/^2 suppliers are named "Twin" \(ids \d+, \d+\): give the supplier's id instead\.$/) },
      { line: 5, column: 'supplier', message: 'No supplier is named "Nobody".' },
      { line: 6, column: 'custom_fields.warranty_months', message: expect.stringContaining('must be a number') },
    ]);
    const byName = (await call('GET', '/products?sku=SUP-1')).body.data[0];
    expect(byName.supplier).toMatchObject({ id: north.id });
    expect(byName.custom_fields).toEqual({ warranty_months: 24 });
    expect((await call('GET', '/products?sku=SUP-2')).body.data[0].supplier).toMatchObject({ id: twin2.id });
    const unknownColumn = await finished((await csvPost('type=master_skus', 'sku,name,custom_fields.nope\nSUP-7,X,1\n')).body.data.id);
    expect((await call('GET', `/imports/${unknownColumn.id}/errors`)).body.data).toEqual([
      { line: 2, column: 'custom_fields.nope', message: expect.stringContaining('"nope"') },
    ]);
  });

  it('keeps the rows of one BOM in one chunk, even across the 500-row boundary', async () => {
    const products = ['BOM-A', 'BOM-B', 'BOM-C', 'BOM-TOP'].map((sku) => `${sku},${sku} product`).join('\n');
    await finished((await csvPost('type=master_skus', `sku,name\n${products}\n`)).body.data.id);
    const lines = ['sku,name,component_sku,quantity'];
    for (let i = 1; i <= 498; i++) lines.push(`BOM-TOP,Filler ${i},BOM-A,1`);
    // Rows 499 to 501 are one BOM: a chunk of 500 would cut it after its second component.
    lines.push('BOM-TOP,Spanning,BOM-A,1', 'BOM-TOP,Spanning,BOM-B,2', 'BOM-TOP,Spanning,BOM-C,3');
    const done = await finished((await csvPost('type=boms', lines.join('\n') + '\n')).body.data.id, 120_000);
    expect(done.stats).toEqual({ total_rows: 501, success_count: 501, error_count: 0 });
    const boms = await call('GET', '/boms?per_page=100&page=5');
    const spanning = boms.body.data.find((bom: any) => bom.name === 'Spanning');
    expect(spanning.items.map((item: any) => [item.product.sku, item.quantity])).toEqual([['BOM-A', 1], ['BOM-B', 2], ['BOM-C', 3]]);
  });
});

describe('a 20,000-row multipart import watched over SSE', () => {
  it('runs in chunks, reports progress then finished, and lists with the type filter', async () => {
    const lines = ['sku,name,retail_price,unit_cost'];
    for (let i = 1; i <= 20_000; i++) {
      if (i % 1000 === 0) lines.push(`BULK-${i},Bulk ${i},not-a-price,1`);
      else if (i % 1500 === 0) lines.push(`BULK-${i},Bulk ${i},1`); // too few fields
      else lines.push(`BULK-${i},Bulk ${i},${(i % 97) + 0.5},1.25`);
    }
    // The worker waits until the watcher is connected, so every step is seen.
    await server.background!.stop();
    const started = await multipartPost({ type: 'master_skus' }, lines.join('\n') + '\n', 'bulk.csv');
    expect(started.status).toBe(202);
    const id = started.body.data.id;
    const watching = readEvents(`${api}/imports/${id}/events`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const worker = startBackground({ prisma: server.database.prisma, config: server.config, logger: silentLogger }, { pollMs: 50, schedules: false });
    const watched = await watching;
    await worker.stop();
    expect(watched.status).toBe(200);
    const names = watched.events.map(([event]) => event);
    expect(names.at(-1)).toBe('finished');
    expect(names.slice(0, -1).every((name) => name === 'progress')).toBe(true);
    expect(names.length).toBeGreaterThan(1);
    const last = watched.events.at(-1)![1];
    const badRows = 20 + 7; // every 1000th, and every 1500th that is not a 1000th (1500, 4500, ..., 19500)
    expect(last.stats).toEqual({ total_rows: 20_000, success_count: 20_000 - badRows, error_count: badRows });
    expect(last.job).toMatchObject({ status: 'finished', progress_now: 20_000, progress_max: 20_000 });
    const progress = watched.events.filter(([event]) => event === 'progress').map(([, data]) => data.job.progress_now);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const errors = await call('GET', `/imports/${id}/errors?per_page=100`);
    expect(errors.body.meta.total).toBe(badRows);
    expect(errors.body.data[0]).toEqual({ line: 1001, column: 'retail_price', message: expect.any(String) });
    expect(errors.body.data[1]).toEqual({ line: 1501, column: null, message: 'The row has 3 fields; the header has 4.' });
    expect((await call('GET', '/products?sku=BULK-19999')).body.data[0]).toMatchObject({ name: 'Bulk 19999' });

    const listed = await call('GET', '/imports?type=master_skus&per_page=100');
    expect(listed.status).toBe(200);
    expect(listed.body.data[0].id).toBe(id);
    expect(listed.body.data.every((item: any) => item.type === 'master_skus')).toBe(true);
    const stockOnly = await call('GET', '/imports?type=stock');
    expect(stockOnly.body.data.every((item: any) => item.type === 'stock')).toBe(true);
    expect((await call('GET', '/imports?per_page=101')).status).toBe(422);
    expect((await call('GET', '/imports?type=nope')).status).toBe(422);
  });

  it('streams the same events through the GraphQL subscription over SSE', async () => {
    const worker = startBackground({ prisma: server.database.prisma, config: server.config, logger: silentLogger }, { pollMs: 50, schedules: false });
    const started = await csvPost('type=master_skus', 'sku,name\nSUB-1,Sub\n');
    const body = JSON.stringify({ query: 'subscription ($id: Int!) { importProgress(id: $id) { event import { id stats { totalRows successCount } job { status } } } }', variables: { id: started.body.data.id } });
    const watched = await readEvents('/graphql', { 'content-type': 'application/json' }, 'POST', body);
    expect(watched.status).toBe(200);
    const payloads = watched.events.filter(([event]) => event === 'next').map(([, data]) => data.data.importProgress);
    expect(payloads.at(-1)).toEqual({ event: 'finished', import: { id: started.body.data.id, stats: { totalRows: 1, successCount: 1 }, job: { status: 'finished' } } });
    await worker.stop();
  });

  it('cancels a queued import, and refuses to cancel one that has ended', async () => {
    // The worker is stopped (above): the next import stays queued.
    const started = await csvPost('type=master_skus', 'sku,name\nCAN-1,Cancelled\n');
    const cancelled = await call('POST', `/imports/${started.body.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.job.status).toBe('cancelled');
    expect((await call('POST', `/imports/${started.body.data.id}/cancel`)).status).toBe(409);
    const watched = await readEvents(`${api}/imports/${started.body.data.id}/events`);
    expect(watched.events.map(([event]) => event)).toEqual(['cancelled']);
    expect((await readEvents(`${api}/imports/999999/events`)).status).toBe(404);
  });
});
