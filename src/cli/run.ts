// Runs one CLI invocation and returns its exit code: 0 done, 1 the command failed (validation, conflict,
// not found, data folder busy, bad configuration), 2 the command line itself was wrong (usage printed).
import { ConfigError, loadConfig } from '../config/config.js';
import { DataDirBusyError } from '../db/data-dir-lock.js';
import { DomainError, ValidationError } from '../domain/shared/errors.js';
import { parseFlags, UsageError } from './args.js';
import { commandUsage, type CliCommand, type Output } from './command.js';
import { withDatabase } from './database.js';
import { commandRegistry, commands } from './registry.js';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

type Env = Record<string, string | undefined>;

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

export async function runCli(argv: string[], out: Output, env: Env = process.env): Promise<number> {
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

  let input: unknown;
  try {
    input = command.parse(parseFlags(rest, command.flags));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.error(error.message);
    for (const line of usageOf(command)) out.error(line);
    return EXIT_USAGE;
  }

  try {
    const config = loadConfig(env);
    await withDatabase(config, (database) => command.run({ prisma: database.prisma, sql: database.sql, config, out }, input));
    return EXIT_OK;
  } catch (error) {
    reportFailure(error, command, out);
    return EXIT_FAILED;
  }
}

function reportFailure(error: unknown, command: CliCommand, out: Output): void {
  if (error instanceof ValidationError) {
    out.error(`${command.name} failed: the input is invalid.`);
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const flag = command.fieldFlags?.[field];
      for (const message of messages) out.error(`  ${flag ? `--${flag}` : field}: ${message}`);
    }
  } else if (error instanceof DomainError || error instanceof DataDirBusyError || error instanceof ConfigError) {
    out.error(`${command.name} failed: ${error.message}`);
  } else {
    out.error(`${command.name} failed with an unexpected error:`);
    out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
