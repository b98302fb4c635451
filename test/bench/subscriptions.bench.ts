// Subscriptions under load (issue 35, goal 3 "Cheap when many watch"): BENCH_SUBSCRIBERS open GraphQL
// subscriptions over SSE (default 500, `subscription { events { id type occurredAt } }`), spread evenly over
// BENCH_SUBSCRIBER_COMPANIES companies (default 20), each company with its own API tokens (at most 100
// subscriptions per token) and host, on one app, while a mixed load runs against the same companies.
//
// The run: a mixed load (BENCH_MIXED_CONNECTIONS clients, default 20; 80% reads: a page of 100 products, a
// product's stock, a page of the stock export; 20% writes that record events: adjustments of 5 lines, products
// created) for BENCH_SECONDS without subscribers; then the subscriptions are opened and the memory they hold is
// measured (heapUsed of the server's thread and the process's rss after gc, before and after, ÷ subscriptions);
// then the same load for BENCH_SECONDS with them open; then, once they are closed, the same load again (the
// throughput without subscribers is the mean of the runs before and after, so the machine's drift over the
// run counts less). Through every run a probe renames a product every 250 ms, the companies in turn (a
// product.updated event, which the load never makes); the time from each rename's HTTP answer to its arrival at
// each subscriber of that company is the delivery latency (p50/p99 over all deliveries).
//
// The subscribers are clients in a worker thread of their own, so that reading their 500 streams does not take
// turns with the server (nor count in the server's heap); their arrival times are taken there, on the same clock
// (performance.timeOrigin + performance.now()). It fails when a request of the load or the probe failed, or a
// subscription errored, ended or missed a rename; the goals (p99 ≤ 1 s, throughput drop ≤ 10%) are reported,
// not enforced.
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { startBenchApp, addBenchCompanies, type BenchCompany } from './bench-app.js';
import { tenantClient } from '../../src/db/tenant-client.js';
import { createAdjustment } from '../../src/domain/inventory/adjustments.js';
import { Decimal } from '../../src/domain/shared/decimal.js';
import { seedCatalog } from './seed-catalog.js';
import { recordBench } from './summary.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 500);
const COMPANIES = Number(process.env.BENCH_SUBSCRIBER_COMPANIES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 20);
/** The mixed load's catalog (BENCH_MIXED_PRODUCTS, default 2,000), split over the companies. */
const PRODUCTS_PER_COMPANY = Math.max(10, Math.ceil(Number(process.env.BENCH_MIXED_PRODUCTS ?? 2_000) / COMPANIES));
const PER_TOKEN = 100; // MAX_WATCHES_PER_CALLER
/** The probe renames a product of one company, the companies in turn, every so often (4 a second). */
const PROBE_EVERY_MS = 250;
/** How long after a run the last renames get to arrive before one counts as missed. */
const GRACE_MS = 3_000;
const QUERY = 'subscription { events { id type occurredAt } }';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Answer {
  status: number;
  text: string;
}

/** One request on `agent`, the whole answer read. */
function call(agent: http.Agent, port: number, headers: BenchCompany['headers'], method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1', port, method, path: `/external/api/v1${path}`, agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const ok = (answer: Answer) => {
  if (answer.status >= 300) throw new Error(`HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.text ? JSON.parse(answer.text)?.data : undefined;
};

// The subscribers' worker: plain JavaScript (it runs without tsx), a GraphQL-over-SSE client as
// test/support/graphql-sse.ts is, keeping for each subscription the arrival times of product.updated events.
const SUBSCRIBER_WORKER = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now();
const subs = [];
function open(port, spec, query) {
  const sub = { company: spec.company, status: 0, arrivals: [], received: 0, errors: [], ended: false, req: null, closing: false };
  const body = JSON.stringify({ query });
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'POST', path: '/graphql', agent: false,
      headers: { host: spec.host, authorization: 'Bearer ' + spec.token, accept: 'text/event-stream', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    }, (res) => {
      sub.status = res.statusCode || 0;
      if (sub.status !== 200) sub.errors.push('HTTP ' + sub.status);
      resolve();
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk) => {
        const at = now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\\n\\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = message.split('\\n');
          const eventLine = lines.find((line) => line.startsWith('event:'));
          const event = eventLine ? eventLine.slice(6).trim() : undefined;
          const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).join('\\n');
          if (event === 'complete') { if (!sub.closing) sub.errors.push('the stream completed'); continue; }
          if (!((event === 'next' || event === undefined) && data)) continue;
          let payload;
          try { payload = JSON.parse(data); } catch { sub.errors.push('unreadable payload: ' + data.slice(0, 200)); continue; }
          if (payload.errors) { sub.errors.push(JSON.stringify(payload.errors).slice(0, 300)); continue; }
          sub.received++;
          const ev = payload.data && payload.data.events;
          if (ev && ev.type === 'product.updated') sub.arrivals.push(at);
        }
      });
      res.on('close', () => { sub.ended = true; if (!sub.closing) sub.errors.push('the stream ended'); });
    });
    req.on('error', (error) => { sub.ended = true; if (!sub.closing) sub.errors.push(String(error && error.message)); resolve(); });
    req.end(body);
    sub.req = req;
    subs.push(sub);
  });
}
parentPort.on('message', async (msg) => {
  if (msg.cmd === 'open') {
    // In batches, as clients arriving together would, without 500 handshakes at once.
    for (let i = 0; i < msg.specs.length; i += 25) await Promise.all(msg.specs.slice(i, i + 25).map((spec) => open(msg.port, spec, msg.query)));
    parentPort.postMessage({ type: 'opened', ok: subs.filter((s) => s.status === 200).length });
  } else if (msg.cmd === 'reset') {
    for (const sub of subs) { sub.arrivals = []; sub.received = 0; }
    parentPort.postMessage({ type: 'reset' });
  } else if (msg.cmd === 'report') {
    parentPort.postMessage({ type: 'report', subs: subs.map((s) => ({ company: s.company, arrivals: s.arrivals, received: s.received, errors: s.errors, ended: s.ended })) });
  } else if (msg.cmd === 'close') {
    for (const sub of subs) { sub.closing = true; sub.req.destroy(); }
    parentPort.postMessage({ type: 'closed' });
  } else if (msg.cmd === 'gc') {
    if (globalThis.gc) globalThis.gc();
    parentPort.postMessage({ type: 'gc' });
  }
});
parentPort.postMessage({ type: 'ready' });
`;

interface SubscriberReport {
  company: number;
  arrivals: number[];
  received: number;
  errors: string[];
  ended: boolean;
}

/** The worker, with a request/answer helper: each command is answered by one message. */
function startSubscriberWorker() {
  const worker = new Worker(SUBSCRIBER_WORKER, { eval: true, execArgv: [] });
  const waiting: Array<(message: any) => void> = [];
  let failure: Error | null = null;
  worker.on('message', (message) => waiting.shift()?.(message));
  worker.on('error', (error) => (failure = error));
  const next = () => new Promise<any>((resolve, reject) => (failure ? reject(failure) : waiting.push(resolve)));
  const ready = next();
  return {
    ready,
    ask: (message: Record<string, unknown>) => {
      const answer = next();
      worker.postMessage(message);
      return answer;
    },
    stop: () => worker.terminate(),
  };
}

function memoryNow() {
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

export async function runSubscriptionsBenchmark(): Promise<void> {
  if (!globalThis.gc) console.warn('(no global.gc: run with --expose-gc, as npm run bench does, for steady memory figures)');
  const bench = await startBenchApp();
  const { database, port } = bench;
  const tokensPerCompany = Math.max(1, Math.ceil(Math.ceil(SUBSCRIBERS / COMPANIES) / PER_TOKEN));
  const setupAgent = new http.Agent({ keepAlive: false });
  const subscribers = startSubscriberWorker();
  const failures: string[] = [];
  try {
    // The companies, each with a catalog, a location with plenty of stock of every product, and a product the
    // probe renames.
    const seeding = performance.now();
    const companies = await addBenchCompanies(bench, COMPANIES, tokensPerCompany);
    const tenants: Array<BenchCompany & { productIds: number[]; locationId: number; probeProductId: number; pages: number }> = [];
    for (const company of companies) {
      await seedCatalog(database.prisma, company.id, PRODUCTS_PER_COMPANY);
      const db = tenantClient(database.prisma, company.id);
      const location = ok(await call(setupAgent, port, company.headers, 'POST', '/locations', { name: 'Main' }));
      const productIds = (await db.product.findMany({ where: { type: 'PRODUCT' }, select: { id: true }, orderBy: { id: 'asc' } })).map((p) => p.id);
      for (let start = 0; start < productIds.length; start += 500) {
        const lines = productIds.slice(start, start + 500).map((productId) => ({ productId, locationId: location.id, quantity: new Decimal(1_000_000), unitCost: new Decimal(2) }));
        await createAdjustment(db, { reason: 'bench stock', lines }, {});
      }
      const probe = ok(await call(setupAgent, port, company.headers, 'POST', '/products', { name: 'Probe', sku: 'PROBE' }));
      tenants.push({ ...company, productIds, locationId: location.id, probeProductId: probe.id, pages: Math.ceil(PRODUCTS_PER_COMPANY / 100) });
    }
    console.log(`${COMPANIES} companies of ${PRODUCTS_PER_COMPANY} products seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (${database.kind})`);

    let created = 0;
    const kinds: Array<{ name: string; weight: number; run: (tenant: (typeof tenants)[number], agent: http.Agent) => Promise<void> }> = [
      { name: 'read: products page of 100', weight: 35, run: async (t, agent) => void ok(await call(agent, port, t.headers, 'GET', `/products?per_page=100&page=${1 + Math.floor(Math.random() * t.pages)}`)) },
      { name: 'read: stock of a product', weight: 30, run: async (t, agent) => void ok(await call(agent, port, t.headers, 'GET', `/inventory/stock?product_id=${pick(t.productIds)}`)) },
      { name: 'read: stock export page of 100', weight: 15, run: async (t, agent) => void ok(await call(agent, port, t.headers, 'GET', '/inventory/stocks/export?limit=100')) },
      {
        name: 'write: adjustment of 5 lines', weight: 12,
        run: async (t, agent) => {
          const ids = [...new Set(Array.from({ length: 5 }, () => pick(t.productIds)))];
          const lines = ids.map((id) => (Math.random() < 0.5 ? { product_id: id, location_id: t.locationId, quantity: 3, unit_cost: 2 } : { product_id: id, location_id: t.locationId, quantity: -2 }));
          ok(await call(agent, port, t.headers, 'POST', '/inventory/adjustments', { lines }));
        },
      },
      { name: 'write: product created', weight: 8, run: async (t, agent) => void ok(await call(agent, port, t.headers, 'POST', '/products', { name: 'Load product', sku: `LOAD-${++created}` })) },
    ];
    const totalWeight = kinds.reduce((sum, k) => sum + k.weight, 0);
    const chooseKind = () => {
      let roll = Math.random() * totalWeight;
      for (const kind of kinds) if ((roll -= kind.weight) < 0) return kind;
      return kinds[0]!;
    };

    /** The load for `seconds`, with the probe renaming a product per company each second; its figures. */
    const runLoad = async (label: string, seconds: number) => {
      const times: number[] = [];
      const probeAnswers = new Map<number, number[]>(tenants.map((t) => [t.id, []]));
      const probeTimes: number[] = [];
      let failed = 0;
      // A fresh agent for each run: a keep-alive socket left idle between runs past the server's keepAliveTimeout
      // would be reset under the next request.
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 1 });
      const started = performance.now();
      const end = started + seconds * 1000;
      const client = async () => {
        while (performance.now() < end) {
          const kind = chooseKind();
          const start = performance.now();
          try {
            await kind.run(pick(tenants), agent);
            times.push(performance.now() - start);
          } catch (error) {
            failed++;
            failures.push(`${label}, ${kind.name}: ${(error as Error).message}`);
          }
        }
      };
      // One rename every PROBE_EVERY_MS, the companies in turn; a company whose last rename is still unanswered
      // is skipped, so that each company's renames commit in the order they are sent.
      const probing = new Set<number>();
      const renames: Array<Promise<void>> = [];
      const probe = async () => {
        for (let n = 0; performance.now() < end; n++) {
          const tenant = tenants[n % tenants.length]!;
          if (!probing.has(tenant.id)) {
            probing.add(tenant.id);
            const start = performance.now();
            renames.push(
              call(agent, port, tenant.headers, 'PATCH', `/products/${tenant.probeProductId}`, { name: `Probe ${n}` })
                .then((answer) => {
                  ok(answer);
                  probeAnswers.get(tenant.id)!.push(now());
                  probeTimes.push(performance.now() - start);
                })
                .catch((error) => {
                  failed++;
                  failures.push(`${label}, probe: ${(error as Error).message}`);
                })
                .finally(() => probing.delete(tenant.id)),
            );
          }
          await sleep(PROBE_EVERY_MS);
        }
        await Promise.all(renames);
      };
      await Promise.all([...Array.from({ length: CONNECTIONS }, client), probe()]);
      agent.destroy();
      const elapsed = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      probeTimes.sort((a, b) => a - b);
      return { label, ops: times.length, rps: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), failed, probeAnswers, probes: probeTimes.length, probeP50: percentile(probeTimes, 50) };
    };

    if (WARMUP_S > 0) await runLoad('warm-up', WARMUP_S);
    const before = await runLoad('without subscribers', SECONDS);

    // The subscriptions, spread evenly over the companies and, within one, over its tokens.
    await subscribers.ready;
    const specs = Array.from({ length: SUBSCRIBERS }, (_, i) => {
      const tenant = tenants[i % tenants.length]!;
      const k = Math.floor(i / tenants.length);
      return { company: tenant.id, host: tenant.headers.host, token: tenant.secrets[Math.floor(k / PER_TOKEN) % tenant.secrets.length]! };
    });
    await subscribers.ask({ cmd: 'gc' });
    const memoryBefore = memoryNow();
    const opening = performance.now();
    const opened = (await subscribers.ask({ cmd: 'open', port, specs, query: QUERY })).ok as number;
    const openSeconds = (performance.now() - opening) / 1000;
    // Each subscription live: one rename per company reaches every subscriber (not counted in the latencies).
    for (const tenant of tenants) ok(await call(setupAgent, port, tenant.headers, 'PATCH', `/products/${tenant.probeProductId}`, { name: 'Probe ready' }));
    const readyBy = performance.now() + 10_000;
    let live = 0;
    while (performance.now() < readyBy) {
      const report = (await subscribers.ask({ cmd: 'report' })).subs as SubscriberReport[];
      live = report.filter((s) => s.arrivals.length >= 1).length;
      if (live === SUBSCRIBERS) break;
      await sleep(100);
    }
    if (live < SUBSCRIBERS) failures.push(`only ${live} of ${SUBSCRIBERS} subscriptions received the first rename within 10 s`);
    await sleep(1_000);
    await subscribers.ask({ cmd: 'gc' });
    const memoryAfter = memoryNow();
    const heapPerSub = (memoryAfter.heapUsed - memoryBefore.heapUsed) / SUBSCRIBERS;
    const rssPerSub = (memoryAfter.rss - memoryBefore.rss) / SUBSCRIBERS;
    await subscribers.ask({ cmd: 'reset' });

    const during = await runLoad(`with ${SUBSCRIBERS} subscribers`, SECONDS);
    await sleep(GRACE_MS);
    const report = (await subscribers.ask({ cmd: 'report' })).subs as SubscriberReport[];
    await subscribers.ask({ cmd: 'close' });

    const latencies: number[] = [];
    let missed = 0;
    let extra = 0;
    let erroredSubs = 0;
    let received = 0;
    for (const sub of report) {
      received += sub.received;
      if (sub.errors.length > 0) {
        erroredSubs++;
        if (erroredSubs <= 5) failures.push(`subscription of company ${sub.company}: ${sub.errors.slice(0, 3).join('; ')}`);
      }
      const answers = during.probeAnswers.get(sub.company)!;
      for (let k = 0; k < Math.min(answers.length, sub.arrivals.length); k++) latencies.push(sub.arrivals[k]! - answers[k]!);
      missed += Math.max(0, answers.length - sub.arrivals.length);
      extra += Math.max(0, sub.arrivals.length - answers.length);
    }
    if (missed > 0) failures.push(`${missed} renames did not reach a subscriber within ${GRACE_MS} ms of the run's end`);
    if (extra > 0) failures.push(`${extra} product.updated events arrived that no rename of the probe made`);
    latencies.sort((a, b) => a - b);

    await sleep(1_000);
    const after = await runLoad('without subscribers, after', SECONDS);
    const baseline = (before.rps + after.rps) / 2;
    const drop = ((baseline - during.rps) / baseline) * 100;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);

    console.log(`\nsubscriptions: ${SUBSCRIBERS} open over ${COMPANIES} companies (${tokensPerCompany} token(s) each), mixed load of ${CONNECTIONS} clients, ${SECONDS} s per run, ${database.kind}`);
    console.log(`opened ${opened} of ${SUBSCRIBERS} in ${openSeconds.toFixed(1)} s; ${received} messages received while the load ran with them`);
    console.log('run'.padEnd(40), 'ops/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'failed'.padStart(7));
    for (const run of [before, during, after]) console.log(run.label.padEnd(40), run.rps.toFixed(1).padStart(8), run.p50.toFixed(0).padStart(8), run.p99.toFixed(0).padStart(8), String(run.failed).padStart(7));
    console.log(`probe renames: ${before.probes}, ${during.probes}, ${after.probes} (p50 of their answers ${before.probeP50.toFixed(0)}, ${during.probeP50.toFixed(0)}, ${after.probeP50.toFixed(0)} ms)`);
    console.log(`throughput drop with subscribers: ${drop.toFixed(1)}% against ${baseline.toFixed(1)} ops/s (mean of before and after; against before alone ${(((before.rps - during.rps) / before.rps) * 100).toFixed(1)}%) — goal ≤ 10%: ${drop <= 10 ? 'met' : 'NOT met'}`);
    console.log(`delivery, rename's answer → subscriber: ${latencies.length} deliveries, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms — goal p99 ≤ 1000 ms: ${p99 <= 1000 ? 'met' : 'NOT met'}`);
    console.log(`memory per idle subscription: heap ${(heapPerSub / 1024).toFixed(1)} KiB (${memoryBefore.heapUsed} → ${memoryAfter.heapUsed} B), rss ${(rssPerSub / 1024).toFixed(1)} KiB (${memoryBefore.rss} → ${memoryAfter.rss} B; rss includes the clients' worker)`);
    console.log(`failures: ${failures.length}; subscriptions with errors: ${erroredSubs}`);
    for (const failure of failures.slice(0, 10)) console.log(`  ${failure}`);

    const kind = database.kind;
    recordBench({ name: 'subscriptions: mixed load without subscribers', database: kind, throughput: baseline, unit: 'ops/s', p50Ms: before.p50, p99Ms: before.p99, floorRatio: null });
    recordBench({ name: `subscriptions: mixed load, ${SUBSCRIBERS} open`, database: kind, throughput: during.rps, unit: 'ops/s', p50Ms: during.p50, p99Ms: during.p99, floorRatio: during.rps > 0 ? baseline / during.rps : null });
    recordBench({ name: 'subscriptions: throughput drop', database: kind, throughput: drop, unit: '%', p50Ms: null, p99Ms: null, floorRatio: null });
    recordBench({ name: `subscriptions: delivery to ${SUBSCRIBERS} subscribers`, database: kind, throughput: latencies.length / SECONDS, unit: 'deliveries/s', p50Ms: p50, p99Ms: p99, floorRatio: null });
    recordBench({ name: 'subscriptions: heap per idle subscription', database: kind, throughput: heapPerSub, unit: 'B', p50Ms: null, p99Ms: null, floorRatio: null });
    recordBench({ name: 'subscriptions: rss per idle subscription', database: kind, throughput: rssPerSub, unit: 'B', p50Ms: null, p99Ms: null, floorRatio: null });
    if (failures.length > 0) {
      console.error('FAILED: every request of the load and the probe must succeed, and every subscription must stay open and receive every rename');
      process.exitCode = 1;
    }
  } finally {
    await subscribers.stop();
    setupAgent.destroy();
    await bench.close();
  }
}
