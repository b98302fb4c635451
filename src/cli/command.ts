// The shape of a CLI command. Each command declares its flags (used for parsing and for its usage line),
// turns the parsed flags into its input (`parse`, which may throw UsageError for a malformed value), and
// then calls domain functions with an open database (`run`). Business rules stay in the domain.
import type { Config } from '../config/config.js';
import type { SqlRunner } from '../db/sql-runner.js';
import type { Database } from '../db/database.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { ParsedFlags } from './args.js';

export interface FlagSpec {
  /** Without the leading dashes: `company` for `--company`. */
  name: string;
  /** Placeholder shown in the usage line, e.g. `slug`; ignored for boolean flags. */
  placeholder?: string;
  required?: boolean;
  /** A switch without a value (`--fix`). */
  boolean?: boolean;
  /**
   * A file path: a relative one is made absolute where the CLI runs before the command is handed to a server
   * (whose working directory may be elsewhere).
   */
  path?: boolean;
}

export interface Output {
  /** A line on stdout. */
  line(text?: string): void;
  /** A line on stderr. */
  error(text: string): void;
}

export interface CommandContext {
  /** The open database (for what only it can do, such as an embedded backup). */
  database: Database;
  prisma: PrismaClient;
  /** Plain SQL on the same database, for commands that read the catalog. */
  sql: SqlRunner;
  config: Config;
  out: Output;
}

export interface CliCommand<Input = unknown> {
  name: string;
  summary: string;
  flags: FlagSpec[];
  /** Domain field names (from ValidationError.fieldErrors) mapped to this command's flags, for messages. */
  fieldFlags?: Record<string, string>;
  parse(flags: ParsedFlags): Input;
  run(context: CommandContext, input: Input): Promise<void>;
  /**
   * A command that replaces the database instead of using it (restore): it runs here, with the data folder
   * claimed and not opened, never handed to a running server (which must be stopped first).
   */
  withoutDatabase?: (context: { config: Config; out: Output }, input: Input) => Promise<void>;
}

/** Keeps each command's input type checked while the registry holds them all together. */
export function defineCommand<Input>(command: CliCommand<Input>): CliCommand {
  return command as CliCommand;
}

export function commandUsage(command: CliCommand): string {
  const parts = command.flags.map((flag) => {
    const text = flag.boolean ? `--${flag.name}` : `--${flag.name} <${flag.placeholder ?? flag.name}>`;
    return flag.required ? text : `[${text}]`;
  });
  return ['npm run cli --', command.name, ...parts].join(' ');
}
