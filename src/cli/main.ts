// CLI entry point: `npm run cli -- <command> [flags]`. See run.ts for the exit codes.
import type { Output } from './command.js';
import { runCli } from './run.js';

const out: Output = {
  line: (text = '') => void process.stdout.write(text + '\n'),
  error: (text) => void process.stderr.write(text + '\n'),
};

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

let code: number;
try {
  code = await runCli(process.argv.slice(2), out);
} catch (error) {
  out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  code = 1;
}
await Promise.all([flush(process.stdout), flush(process.stderr)]);
process.exit(code);
