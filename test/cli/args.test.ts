// Argument parsing, in process (no spawn): the forms accepted and the mistakes refused.
import { describe, expect, it } from 'vitest';
import { parseFlags, UsageError } from '../../src/cli/args.js';
import type { FlagSpec } from '../../src/cli/command.js';
import { commands } from '../../src/cli/registry.js';
import { commandUsage } from '../../src/cli/command.js';

const specs: FlagSpec[] = [
  { name: 'company', required: true },
  { name: 'scopes' },
  { name: 'expires-in-days' },
  { name: 'fix', boolean: true },
];

describe('parseFlags', () => {
  it('accepts --flag value and --flag=value', () => {
    const flags = parseFlags(['--company', 'acme', '--scopes=read, write,', '--expires-in-days=30', '--fix'], specs);
    expect(flags.string('company')).toBe('acme');
    expect(flags.list('scopes')).toEqual(['read', 'write']);
    expect(flags.integer('expires-in-days')).toBe(30);
    expect(flags.boolean('fix')).toBe(true);
    expect(flags.optional('missing')).toBeUndefined();
  });

  it('keeps "=" inside a value', () => {
    expect(parseFlags(['--company=a=b'], specs).string('company')).toBe('a=b');
  });

  it.each([
    [['--company', 'a', '--colour', 'red'], 'Unknown flag --colour'],
    [['--scopes', 'read'], 'Missing required flag --company'],
    [['--company'], '--company needs a value'],
    [['--company', '--scopes', 'read'], '--company needs a value'],
    [['--company='], '--company needs a non-empty value'],
    [['--company', 'a', '--company', 'b'], 'more than once'],
    [['acme'], 'Unexpected argument "acme"'],
    [['--company', 'a', '--fix=yes'], '--fix takes no value'],
  ])('refuses %j', (args, message) => {
    expect(() => parseFlags(args, specs)).toThrow(UsageError);
    expect(() => parseFlags(args, specs)).toThrow(message);
  });

  it.each([
    ['expires-in-days', '1.5', 'must be a whole number'],
    ['expires-in-days', '-3', 'must be a whole number'],
    ['scopes', ' , ', 'at least one value'],
  ])('refuses a malformed --%s %j', (name, value, message) => {
    const flags = parseFlags(['--company', 'a', `--${name}=${value}`], specs);
    expect(() => (name === 'scopes' ? flags.list(name) : flags.integer(name))).toThrow(message);
  });
});

describe('command registry', () => {
  it('has unique names and a usage line for each command', () => {
    const names = commands.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['company:create', 'user:create', 'token:create', 'token:list', 'token:revoke']));
    const tokenCreate = commands.find((command) => command.name === 'token:create')!;
    expect(commandUsage(tokenCreate)).toBe(
      'npm run cli -- token:create --company <slug> --name <name> [--scopes <read,write>] [--expires-in-days <days>]',
    );
  });
});
