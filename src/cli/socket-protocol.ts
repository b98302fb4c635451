// What the CLI and a running embedded server say to each other over the server's CLI socket: one JSON object per
// line, one command per connection.
//
//   CLI → server   {"version":1,"argv":["token:create","--company","acme",...],"env":{"BASE_DOMAIN":"localhost"}}
//   server → CLI   {"type":"accepted"}                 the server runs the command (it is not retried elsewhere)
//                  {"type":"stdout","text":"..."}      one line of output, in order with the stderr lines
//                  {"type":"stderr","text":"..."}
//                  {"type":"exit","code":0}            the last message; the server then ends the connection
//   or instead     {"type":"refused","message":"..."}  the server will not run it (it is shutting down): the CLI tries
//                                                      again, and runs the command itself once the server is gone
//   or             {"type":"error","message":"..."}    the request was malformed
//
// The socket lives in a folder only the owner may enter (0700) and is itself 0600: whoever can connect can
// run any CLI command, which is exactly what whoever can read DATA_DIR could do anyway.
import path from 'node:path';

export const PROTOCOL_VERSION = 1;

/** DATA_DIR/cli: created 0700 by the server before it listens, so the socket is never reachable by others. */
export const SOCKET_DIR_NAME = 'cli';
export const SOCKET_FILE_NAME = 'cli.sock';

/** A request line longer than this is refused (an argv is a few hundred bytes). */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export interface CommandRequest {
  version: number;
  argv: string[];
  /** The variables the CLI's configuration was built from (see command-env.ts). */
  env: Record<string, string>;
}

export type ServerMessage =
  | { type: 'accepted' }
  | { type: 'stdout'; text: string }
  | { type: 'stderr'; text: string }
  | { type: 'exit'; code: number }
  | { type: 'refused'; message: string }
  | { type: 'error'; message: string };

export function socketDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_DIR_NAME);
}

/**
 * Where to bind or connect: the socket's path, absolute or relative to the working directory, whichever is
 * shorter; null when both are too long. A Unix socket path is limited to 107 bytes on Linux (103 on macOS).
 */
export function socketAddress(dataDir: string, cwd = process.cwd()): string | null {
  const absolute = path.join(path.resolve(cwd, dataDir), SOCKET_DIR_NAME, SOCKET_FILE_NAME);
  const relative = path.relative(cwd, absolute);
  const shortest = relative.length < absolute.length ? relative : absolute;
  return Buffer.byteLength(shortest) <= 103 ? shortest : null;
}

export function encodeMessage(message: ServerMessage | CommandRequest): string {
  return JSON.stringify(message) + '\n';
}

/** The request, checked field by field; a string saying what is wrong otherwise. */
export function parseRequest(line: string): CommandRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'The request is not JSON.';
  }
  if (typeof value !== 'object' || value === null) return 'The request must be a JSON object.';
  const { version, argv, env } = value as Record<string, unknown>;
  if (version !== PROTOCOL_VERSION) return `Unsupported protocol version ${JSON.stringify(version)} (this server speaks ${PROTOCOL_VERSION}).`;
  if (!Array.isArray(argv) || argv.length > 1000 || !argv.every((arg) => typeof arg === 'string')) return 'argv must be an array of strings.';
  if (typeof env !== 'object' || env === null || Array.isArray(env) || !Object.values(env).every((v) => typeof v === 'string')) {
    return 'env must be an object of strings.';
  }
  return { version, argv, env: env as Record<string, string> };
}

/** A server message, or null when the line is not one. */
export function parseServerMessage(line: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'accepted':
      return { type: 'accepted' };
    case 'stdout':
    case 'stderr':
      return typeof message.text === 'string' ? { type: message.type, text: message.text } : null;
    case 'exit':
      return Number.isInteger(message.code) && (message.code as number) >= 0 && (message.code as number) <= 255 ? { type: 'exit', code: message.code as number } : null;
    case 'refused':
    case 'error':
      return typeof message.message === 'string' ? { type: message.type, message: message.message } : null;
    default:
      return null;
  }
}

/**
 * Splits a byte stream into lines (UTF-8, '\n'-terminated). A line longer than maxBytes is reported once through
 * onOverflow and nothing more is read.
 */
export function lineReader(onLine: (line: string) => void, options: { maxBytes?: number; onOverflow?: () => void } = {}) {
  let pending = '';
  let overflowed = false;
  return (chunk: string) => {
    if (overflowed) return;
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      onLine(line);
    }
    if (options.maxBytes !== undefined && Buffer.byteLength(pending) > options.maxBytes) {
      overflowed = true;
      options.onOverflow?.();
    }
  };
}
