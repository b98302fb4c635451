// A server started on an empty database tells its operator the one command that makes it usable: creating the
// first company (with its admin user). The command line is the company:create usage line itself, so it always
// names the flags that command requires; an embedded server whose data folder is not the default one puts its
// DATA_DIR in front, since the CLI run without it would create the company in ./data, which this server never reads.
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../config/config.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { commandUsage } from './command.js';
import { companyCreate } from './commands/companies.js';

/** Where the server's data lives: its embedded data folder, or null on PostgreSQL (DATABASE_URL). */
export async function logFirstCompanyHint(prisma: PrismaClient, logger: Logger, embeddedDataDir: string | null): Promise<void> {
  if (await prisma.company.findFirst({ select: { id: true } })) return;
  logger.log('info', 'no company yet', {
    next_step: 'create the first company and its admin user with this command; it works while the server runs',
    command: `${dataDirPrefix(embeddedDataDir)}${commandUsage(companyCreate)}`,
  });
}

/** `DATA_DIR=<folder> ` when the CLI would not find the folder by itself (DATA_DIR unset means the default). */
export function dataDirPrefix(embeddedDataDir: string | null, cwd = process.cwd()): string {
  if (embeddedDataDir === null || path.resolve(embeddedDataDir) === path.resolve(cwd, DEFAULT_DATA_DIR)) return '';
  return `DATA_DIR=${shellWord(embeddedDataDir)} `;
}

/** A word the shell reads back as it is: bare when it is only safe characters, else in single quotes. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
