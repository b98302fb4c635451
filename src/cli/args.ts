// Argument parsing: `<command> --flag value --flag=value ...`. Anything unexpected (an unknown, repeated
// or valueless flag, a missing required flag, a stray positional argument) is a UsageError, which the
// entry point answers with the usage text and exit code 2.
import type { FlagSpec } from './command.js';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export class ParsedFlags {
  constructor(private readonly values: Map<string, string | true>) {}

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** A required flag's value (the parser has already checked that it is present). */
  string(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw new UsageError(`Missing --${name}.`);
    return value;
  }

  optional(name: string): string | undefined {
    const value = this.values.get(name);
    return typeof value === 'string' ? value : undefined;
  }

  boolean(name: string): boolean {
    return this.values.get(name) === true;
  }

  /** An optional whole number (digits only); anything else is a usage error. */
  integer(name: string): number | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be a whole number, got "${raw}".`);
    return Number(raw.trim());
  }

  /** An optional comma-separated list; empty items are dropped, and an empty list is a usage error. */
  list(name: string): string[] | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (items.length === 0) throw new UsageError(`--${name} needs at least one value (comma-separated).`);
    return items;
  }
}

export function parseFlags(args: string[], specs: FlagSpec[]): ParsedFlags {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const values = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--') || arg === '--') {
      throw new UsageError(`Unexpected argument "${arg}" (flags look like --name value).`);
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(`Unknown flag --${name}.`);
    if (values.has(name)) throw new UsageError(`--${name} was given more than once.`);
    if (spec.boolean) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value.`);
      values.set(name, true);
      continue;
    }
    let value: string;
    if (eq !== -1) {
      value = arg.slice(eq + 1);
    } else {
      const next = args[i + 1];
      // A following flag is not taken as a value; use --flag=--value for values starting with "--".
      if (next === undefined || next.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
      value = next;
      i++;
    }
    if (value.trim() === '') throw new UsageError(`--${name} needs a non-empty value.`);
    values.set(name, value);
  }
  for (const spec of specs) {
    if (spec.required && !values.has(spec.name)) throw new UsageError(`Missing required flag --${spec.name}.`);
  }
  return new ParsedFlags(values);
}
