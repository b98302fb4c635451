// JSON lines on stdout, one object per event, each carrying the request id when there is one.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  return {
    log(level, message, fields = {}) {
      write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
    },
  };
}

export const silentLogger: Logger = { log() {} };

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
