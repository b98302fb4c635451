// Runs one CLI invocation and returns its exit code: 0 done, 1 the command failed (validation, conflict,
// not found, data folder busy, bad configuration), 2 the command line itself was wrong (usage printed).
//
// One code path for every command, wherever it runs: from a terminal the CLI opens the database itself, or,
// in embedded mode while a server holds the data folder, hands the whole command line to that server; the
// server runs it here too, on its own open database (server-socket.ts), and the CLI prints what it printed.
import { actingAs } from '../db/audit-actor.js';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, type Config } from '../config/config.js';
import { DataDirBusyError } from '../db/data-dir-lock.js';
import type { Database } from '../db/database.js';
import { DomainError, ValidationError } from '../domain/shared/errors.js';
import { parseFlags, UsageError } from './args.js';
import { loadConfigNotingEnv } from './command-env.js';
import { commandUsage, type CliCommand, type Output } from './command.js';
import { withDatabase } from './database.js';
import { commandRegistry, commands } from './registry.js';
import { CliSocketError, handToServer } from './remote.js';
import { PROTOCOL_VERSION, socketAddress } from './socket-protocol.js';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** How long a CLI waits for the server holding the data folder to take its command (it may be starting up). */
const SERVER_WAIT_MS = 60_000;
const SERVER_RETRY_MS = 200;

type Env = Record<string, string | undefined>;

export interface RunOptions {
  /** The environment the configuration is read from (process.env by default). */
  env?: Env;
  /**
   * An open database to run the command on: the server's, for a command handed over its CLI socket. Without
   * it the CLI opens the database itself, or hands the command to the server that holds the data folder.
   */
  database?: Database;
  /** How long to wait for a server that holds the data folder to take the command (60 s). */
  serverWaitMs?: number;
}

export function generalUsage(): string[] {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: npm run cli -- <command> [flags]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run `npm run cli -- help <command>` for the flags of one command. Flags take --flag value or --flag=value.',
  ];
}

function usageOf(command: CliCommand): string[] {
  return [`Usage: ${commandUsage(command)}`, `  ${command.summary}`];
}

/** The command and its input, or the exit code when the command line itself was wrong (usage printed). */
function parseCommandLine(argv: string[], out: Output): { command: CliCommand; input: unknown } | number {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' && rest.length === 1 ? commandRegistry.get(rest[0]) : undefined;
    for (const line of topic ? usageOf(topic) : generalUsage()) out.error(line);
    return EXIT_USAGE;
  }
  const command = commandRegistry.get(name);
  if (!command) {
    out.error(`Unknown command "${name}".`);
    for (const line of generalUsage()) out.error(line);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    for (const line of usageOf(command)) out.error(line);
    return EXIT_USAGE;
  }
  try {
    return { command, input: command.parse(parseFlags(rest, command.flags)) };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.error(error.message);
    for (const line of usageOf(command)) out.error(line);
    return EXIT_USAGE;
  }
}

export async function runCli(argv: string[], out: Output, options: RunOptions = {}): Promise<number> {
  const parsed = parseCommandLine(argv, out);
  if (typeof parsed === 'number') return parsed;
  const { command, input } = parsed;

  try {
    const { config, forwardedEnv } = loadConfigNotingEnv(options.env ?? process.env);
    if (command.withoutDatabase) {
      await command.withoutDatabase({ config, out }, input);
      return EXIT_OK;
    }
    // What a command changes is recorded in the audit log as the CLI's, under the command's name.
    const execute = (database: Database) =>
      actingAs({ type: 'cli', id: null, name: command.name, requestId: null }, () => command.run({ database, prisma: database.prisma, sql: database.sql, config, out }, input));
    if (options.database) {
      await execute(options.database);
      return EXIT_OK;
    }
    const handOver = () => handToServerOnce(config, absolutePaths(argv, command), forwardedEnv, out);
    return await runHereOrOnServer(config, execute, handOver, options.serverWaitMs ?? SERVER_WAIT_MS);
  } catch (error) {
    reportFailure(error, command, out);
    return EXIT_FAILED;
  }
}

/**
 * Opens the database and runs the command; when a server that takes CLI commands holds the data folder, hands
 * the command to it instead and returns its exit code. A server that is still starting (or stopping) does not
 * answer yet: try again until it does, or until it is gone and the folder can be opened here.
 */
async function runHereOrOnServer(
  config: Config,
  execute: (database: Database) => Promise<void>,
  handOver: () => ReturnType<typeof handToServer>,
  waitMs: number,
): Promise<number> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await withDatabase(config, execute);
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof DataDirBusyError) || !error.holder.acceptsCliCommands) throw error;
      const handed = await handOver();
      if (handed.ran) return handed.exitCode;
      if (Date.now() >= deadline) throw new ServerNotAnsweringError(error, config.dataDir, handed.reason, waitMs);
    }
    await sleep(SERVER_RETRY_MS);
  }
}

function handToServerOnce(config: Config, argv: string[], env: Record<string, string>, out: Output): ReturnType<typeof handToServer> {
  const address = socketAddress(config.dataDir);
  if (!address) {
    throw new CliSocketError(
      `A server holds the data folder ${config.dataDir}, but the path of its CLI socket is too long for a Unix socket from this ` +
        'working directory. Run the CLI from a directory nearer to DATA_DIR, or stop the server first.',
    );
  }
  return handToServer(address, { version: PROTOCOL_VERSION, argv, env }, out);
}

/** The command line with the values of path flags made absolute here (`--out x` and `--out=x` alike). */
function absolutePaths(argv: string[], command: CliCommand): string[] {
  const pathFlags = new Set(command.flags.filter((flag) => flag.path).map((flag) => `--${flag.name}`));
  if (pathFlags.size === 0) return argv;
  return argv.map((arg, index) => {
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0 && pathFlags.has(arg.slice(0, eq))) return `${arg.slice(0, eq)}=${path.resolve(arg.slice(eq + 1))}`;
    return index > 0 && pathFlags.has(argv[index - 1]!) ? path.resolve(arg) : arg;
  });
}

class ServerNotAnsweringError extends Error {
  constructor(busy: DataDirBusyError, dataDir: string, reason: string, waitMs: number) {
    super(
      `The data folder ${dataDir} is in use by a running server (pid ${busy.holder.pid}), which did not take the command ` +
        `on its CLI socket within ${Math.round(waitMs / 1000)} s (${reason}). Check the server's log, or stop it and try again.`,
    );
    this.name = 'ServerNotAnsweringError';
  }
}

function reportFailure(error: unknown, command: CliCommand, out: Output): void {
  if (error instanceof ValidationError) {
    out.error(`${command.name} failed: the input is invalid.`);
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const flag = command.fieldFlags?.[field];
      for (const message of messages) out.error(`  ${flag ? `--${flag}` : field}: ${message}`);
    }
  } else if (
    error instanceof DomainError ||
    error instanceof DataDirBusyError ||
    error instanceof ConfigError ||
    error instanceof CliSocketError ||
    error instanceof ServerNotAnsweringError
  ) {
    out.error(`${command.name} failed: ${error.message}`);
  } else {
    out.error(`${command.name} failed with an unexpected error:`);
    out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
