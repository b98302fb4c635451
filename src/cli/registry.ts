// Every CLI command by name. A new command group is a file under commands/ plus one line here.
import type { CliCommand } from './command.js';
import { channelCommands } from './commands/channels.js';
import { companyCommands } from './commands/companies.js';
import { companyFeatureCommands } from './commands/company-features.js';
import { companyRateLimitCommands } from './commands/company-rate-limits.js';
import { backupCommands } from './commands/backup.js';
import { databaseCommands } from './commands/database.js';
import { inventoryCommands } from './commands/inventory.js';
import { tokenCommands } from './commands/tokens.js';

export const commands: CliCommand[] = [...companyCommands, ...companyFeatureCommands, ...companyRateLimitCommands, ...tokenCommands, ...inventoryCommands, ...channelCommands, ...databaseCommands, ...backupCommands];

export const commandRegistry: ReadonlyMap<string, CliCommand> = new Map(
  commands.map((command) => [command.name, command]),
);
