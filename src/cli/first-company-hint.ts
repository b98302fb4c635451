// A server started on an empty database tells its operator the one command that makes it usable: creating the
// first company (with its admin user). The command line is the company:create usage line itself, so it always
// names the flags that command requires.
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Logger } from '../http/logger.js';
import { commandUsage } from './command.js';
import { companyCreate } from './commands/companies.js';

export async function logFirstCompanyHint(prisma: PrismaClient, logger: Logger): Promise<void> {
  if (await prisma.company.findFirst({ select: { id: true } })) return;
  logger.log('info', 'no company yet', {
    next_step: 'create the first company and its admin user with this command; it works while the server runs',
    command: commandUsage(companyCreate),
  });
}
