// The shape of a CLI command. Each command declares its flags (used for parsing and for its usage line),
// turns the parsed flags into its input (`parse`, which may throw UsageError for a malformed value), and
// then calls domain functions with an open database (`run`). Business rules stay in the domain.
import type { Config } from '../config/config.js';
import type { SqlRunner } from '../db/sql-runner.js';
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
}

export interface Output {
  /** A line on stdout. */
  line(text?: string): void;
  /** A line on stderr. */
  error(text: string): void;
}

export interface CommandContext {
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
