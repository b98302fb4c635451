// A Citus cluster of a test's own (../shared/citus/cluster.sh: a coordinator and two workers on 127.0.0.1), for a
// test that stops a worker or adds one under the service: the suite's cluster must stay as it is for the other
// files. Its database "inventory" has 4 shards per table, as the suite's databases do.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withAdmin } from './database-servers.js';
import { runAsPostgres, runServerProgram } from './own-postgres.js';
import { freePort, portIsFree } from './server-process.js';

export interface OwnCitus {
  /** postgres://postgres@127.0.0.1:PORT/inventory, the coordinator. */
  url: string;
  /** The worker holding a company's shards: worker1, worker2 or an added worker's name. */
  nodeOfCompany(companyId: number): Promise<string>;
  /** Stops (`fast`, as a restart does) or starts one node. */
  node(name: string, action: 'stop' | 'start'): void;
  /** Starts one more worker, named `name`, with the database and the extension, and registers it; its port. */
  addWorker(name: string): Promise<number>;
  /** Stops every node and removes the folder. */
  remove(): void;
}

const cluster = () => path.join(process.env.CITUS_DIR ?? '', 'cluster.sh');


export async function ownCitusCluster(): Promise<OwnCitus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'own-citus-'));
  // cluster.sh takes three ports in a row: the coordinator's and its two workers'.
  let port = await freePort();
  while (!(await Promise.all([port + 1, port + 2].map(portIsFree))).every(Boolean)) port = await freePort();
  execFileSync('bash', [cluster(), 'start', dir, String(port)], { stdio: 'pipe', timeout: 120_000 });
  const url = `postgres://postgres@127.0.0.1:${port}/inventory`;
  await withAdmin(url, (db) => db.query('ALTER DATABASE inventory SET citus.shard_count = 4'));
  const nodes = new Map<number, string>([
    [port, 'coordinator'],
    [port + 1, 'worker1'],
    [port + 2, 'worker2'],
  ]);
  const pgCtl = (name: string, action: 'stop' | 'start') =>
    runServerProgram('pg_ctl', ['-D', path.join(dir, name, 'data'), ...(action === 'stop' ? ['-m', 'fast'] : ['-l', path.join(dir, name, 'server.log')]), '-w', '-t', '60', action]);
  return {
    url,
    nodeOfCompany: (companyId) =>
      withAdmin(url, async (db) => {
        const { rows } = await db.query<{ port: number }>(
          `SELECT n.nodeport AS port FROM pg_dist_placement p JOIN pg_dist_node n ON n.groupid = p.groupid
            WHERE p.shardid = get_shard_id_for_distribution_column('"Product"', $1::int)`,
          [companyId],
        );
        return nodes.get(rows[0]!.port) ?? `unknown node ${rows[0]!.port}`;
      }),
    node: pgCtl,
    async addWorker(name) {
      const workerPort = await freePort();
      runAsPostgres('/bin/mkdir', ['-p', path.join(dir, name)]);
      runServerProgram('initdb', ['-D', path.join(dir, name, 'data'), '--auth=trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
      // The settings cluster.sh gives its nodes (wal_level logical: shards move without blocking writes).
      appendFileSync(
        path.join(dir, name, 'data', 'postgresql.conf'),
        [
          "shared_preload_libraries = 'citus'",
          "listen_addresses = '127.0.0.1'",
          `port = ${workerPort}`,
          `unix_socket_directories = '${path.join(dir, name)}'`,
          'max_connections = 300',
          'max_prepared_transactions = 200',
          'wal_level = logical',
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          '',
        ].join('\n'),
      );
      pgCtl(name, 'start');
      const workerUrl = `postgres://postgres@127.0.0.1:${workerPort}/postgres`;
      await withAdmin(workerUrl, (db) => db.query('CREATE DATABASE inventory'));
      await withAdmin(workerUrl.replace(/\/postgres$/, '/inventory'), (db) => db.query('CREATE EXTENSION citus'));
      await withAdmin(url, (db) => db.query('SELECT citus_add_node($1, $2)', ['127.0.0.1', workerPort]));
      nodes.set(workerPort, name);
      return workerPort;
    },
    remove() {
      for (const name of [...nodes.values()].filter((n) => n.startsWith('worker') && !['worker1', 'worker2'].includes(n))) {
        try {
          pgCtl(name, 'stop');
        } catch {
          // already stopped
        }
      }
      execFileSync('bash', [cluster(), 'stop', dir], { stdio: 'pipe', timeout: 120_000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
