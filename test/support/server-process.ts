// The real server as a child process (`node dist/main.js`, as `npm start` runs it after its build) on an embedded data
// folder, with its JSON log lines parsed as they come. Every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { ROOT, SERVER_ARGS } from './cli.js';

export interface ServerProcess {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  /** Log lines parsed so far (stdout). */
  logs: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The first log line with this message; rejects when the process exits first or the time runs out. */
  waitForLog(message: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** SIGTERM, then the exit (SIGKILL after timeoutMs). */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** RATE_LIMITS at the highest value every budget takes. */
export const UNLIMITED_RATE_LIMITS = 'token=1000000,company=1000000,heavy_token=1000000,heavy_company=1000000';

export function startServerProcess(dataDir: string, env: Record<string, string> = {}): ServerProcess {
  // Rate limits far above what a test sends, unless the test sets its own (RATE_LIMITS): tests exercise other things.
  // DATABASE_URL and SECRET_KEY are never inherited; a test that runs the server on PostgreSQL passes both in env.
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, RATE_LIMITS: UNLIMITED_RATE_LIMITS };
  delete fullEnv.DATABASE_URL;
  delete fullEnv.SECRET_KEY;
  Object.assign(fullEnv, env);
  const child = spawn(process.execPath, SERVER_ARGS, { cwd: ROOT, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const waiters: { message: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  const proc: ServerProcess = {
    child,
    stdout: '',
    stderr: '',
    logs: [],
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    waitForLog(message, timeoutMs = 90_000) {
      const seen = proc.logs.find((line) => line.message === message);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${message}" log line within ${timeoutMs} ms:\n${proc.stdout}\n${proc.stderr}`)), timeoutMs);
        waiters.push({ message, resolve: (line) => (clearTimeout(timer), resolve(line)) });
        void proc.exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`server exited (${code ?? signal}) before logging "${message}":\n${proc.stdout}\n${proc.stderr}`));
        });
      });
    },
    async stop(timeoutMs = 30_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await proc.exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    proc.stdout += chunk;
    partial += chunk;
    const lines = partial.split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (!line.trim()) continue;
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line);
      } catch {
        continue;
      }
      proc.logs.push(parsed);
      for (const waiter of waiters.filter((w) => w.message === parsed.message)) waiter.resolve(parsed);
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (proc.stderr += chunk));
  return proc;
}

/** The port from the "listening" log line (the server was started with PORT=0). */
export function portOf(listening: Record<string, unknown>): number {
  return Number(new URL(String(listening.url)).port);
}

/** Whether nobody listens on `port` now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nobody listens on now, for a server that must come back on the same port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A request to a server process on company acme's host with a bearer token (one connection each, 30 s at most). */
export function acmeRequest(port: number, method: string, urlPath: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1', port, method, path: urlPath, agent: false,
        headers: { host: `acme.localhost:${port}`, authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        res.once('error', reject); // the server died in the middle of its answer
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.once('error', reject);
    req.end(payload);
  });
}
