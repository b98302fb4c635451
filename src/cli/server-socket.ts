// The server's side of the CLI socket (protocol in socket-protocol.ts). In embedded mode the server owns the
// PGlite folder, so a CLI started beside it cannot open the database; it sends its command line here instead,
// and the server runs it with runCli on its own open database, streaming the output back.
//
// Security: the socket sits in DATA_DIR/cli, a folder created 0700 (and checked to be ours, not a symlink)
// before the socket is bound, so no other user can ever reach it, not even in the moment between bind and
// chmod; the socket itself is then made 0600. Argument values are never logged (they carry passwords).
import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../http/logger.js';
import { describeError } from '../http/logger.js';
import { commandEnvOnServer } from './command-env.js';
import type { Output } from './command.js';
import { commandRegistry } from './registry.js';
import { runCli } from './run.js';
import { encodeMessage, lineReader, MAX_REQUEST_BYTES, parseRequest, socketAddress, socketDir, type CommandRequest, type ServerMessage } from './socket-protocol.js';

/** A connection that has not sent its request within this time is dropped. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface CliSocket {
  /** The path it listens on (absolute, or relative to the working directory when that is shorter). */
  address: string;
  /** Stops taking commands, lets the running ones finish, and removes the socket file. */
  close(): Promise<void>;
}

export class CliSocketUnavailableError extends Error {}

export async function startCliSocket(options: { config: Config; database: Database; logger: Logger }): Promise<CliSocket> {
  const { config, database, logger } = options;
  const address = socketAddress(config.dataDir);
  if (!address) throw new CliSocketUnavailableError(`The CLI socket's path under ${config.dataDir} is too long for a Unix socket.`);
  preparePrivateDir(socketDir(config.dataDir));
  // The caller holds the data folder's lock, so no other server listens here: a socket file left is stale.
  rmSync(address, { force: true });

  const running = new Set<Promise<void>>();
  /** Connections that have not started a command: dropped when the server closes (their CLI tries again). */
  const waiting = new Set<net.Socket>();
  const connections = new Set<net.Socket>();
  let closing: Promise<void> | null = null;

  const server = net.createServer((socket) => {
    waiting.add(socket);
    connections.add(socket);
    socket.setEncoding('utf8');
    socket.on('error', () => {}); // a CLI that went away; a command it started still finishes
    socket.on('close', () => {
      waiting.delete(socket);
      connections.delete(socket);
    });
    const timer = setTimeout(() => socket.destroy(), REQUEST_TIMEOUT_MS);
    let taken = false;
    /** The connection's one request has arrived: whatever follows is ignored. */
    const take = () => {
      taken = true;
      clearTimeout(timer);
      waiting.delete(socket);
    };
    const answer = (message: ServerMessage) => {
      take();
      socket.end(encodeMessage(message));
    };
    socket.on(
      'data',
      lineReader(
        (line) => {
          if (taken) return;
          const request = parseRequest(line);
          if (typeof request === 'string') return answer({ type: 'error', message: request });
          if (closing) return answer({ type: 'refused', message: 'The server is shutting down.' });
          take();
          const run = runCommand(socket, request).finally(() => running.delete(run));
          running.add(run);
        },
        { maxBytes: MAX_REQUEST_BYTES, onOverflow: () => answer({ type: 'error', message: `The request is longer than ${MAX_REQUEST_BYTES} bytes.` }) },
      ),
    );
  });

  async function runCommand(socket: net.Socket, request: CommandRequest): Promise<void> {
    const send = (message: ServerMessage) => {
      if (socket.writable) socket.write(encodeMessage(message));
    };
    const out: Output = {
      line: (text = '') => send({ type: 'stdout', text }),
      error: (text) => send({ type: 'stderr', text }),
    };
    send({ type: 'accepted' });
    const started = performance.now();
    let code: number;
    try {
      code = await runCli(request.argv, out, { env: commandEnvOnServer(request.env, config), database });
    } catch (error) {
      // As the CLI's entry point answers an error that escapes runCli.
      out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      code = 1;
      logger.log('error', 'cli command failed', describeError(error));
    }
    const name = request.argv[0];
    logger.log('info', 'cli command', {
      command: name !== undefined && commandRegistry.has(name) ? name : null,
      exit_code: code,
      duration_ms: Math.round(performance.now() - started),
    });
    if (socket.writable) socket.end(encodeMessage({ type: 'exit', code }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(address, 0o600);
  server.on('error', (error) => logger.log('error', 'cli socket error', describeError(error)));

  return {
    address,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of waiting) socket.destroy();
        await Promise.allSettled([...running]);
        // Every answer has been sent; a CLI that keeps its end open must not hold the shutdown.
        const linger = setTimeout(() => {
          for (const socket of connections) socket.destroy();
        }, 1_000);
        await closed;
        clearTimeout(linger);
        rmSync(address, { force: true });
      })();
      return closing;
    },
  };
}

/** DATA_DIR/cli: a real folder (not a link), ours, and closed to everyone else. */
function preparePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new CliSocketUnavailableError(`${dir} must be a folder (it holds the CLI socket), but it is not.`);
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
    throw new CliSocketUnavailableError(`${dir} belongs to another user (uid ${stat.uid}); remove it and start again.`);
  }
  if ((stat.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
}
