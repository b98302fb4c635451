// The CLI's side of the CLI socket (protocol in socket-protocol.ts): hands one command line to the running server
// that holds DATA_DIR, and prints what the server's run of it prints, line by line as it comes, on the same
// streams. The caller returns the server's exit code.
import net from 'node:net';
import type { Output } from './command.js';
import { encodeMessage, lineReader, parseServerMessage, type CommandRequest } from './socket-protocol.js';

/** The server took the command but the exchange broke off, or the server did not understand the request. */
export class CliSocketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliSocketError';
  }
}

export type HandOver =
  /** The server ran the command; its output has been printed. */
  | { ran: true; exitCode: number }
  /** The server did not take it (not listening yet, shutting down, gone): nothing ran, so it may be tried again. */
  | { ran: false; reason: string };

export function handToServer(address: string, request: CommandRequest, out: Output): Promise<HandOver> {
  return new Promise((resolve, reject) => {
    // Once the server has said "accepted", a broken connection is a failure, never a reason to run the command
    // again here: the server may have applied it.
    let accepted = false;
    let settled = false;
    const socket = net.createConnection(address);
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      finish();
    };
    const brokenOff = (detail: string) =>
      new CliSocketError(`The connection to the server broke off before the command finished (${detail}). Check the server's log for its outcome.`);

    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(encodeMessage(request)));
    socket.on(
      'data',
      lineReader((line) => {
        if (settled) return;
        const message = parseServerMessage(line);
        if (!message) return settle(() => reject(new CliSocketError(`The server sent a message this CLI does not understand: ${line.slice(0, 200)}`)));
        switch (message.type) {
          case 'accepted':
            accepted = true;
            return;
          case 'stdout':
            return out.line(message.text);
          case 'stderr':
            return out.error(message.text);
          case 'exit':
            return settle(() => resolve({ ran: true, exitCode: message.code }));
          case 'refused':
            return settle(() => (accepted ? reject(brokenOff(message.message)) : resolve({ ran: false, reason: message.message })));
          case 'error':
            return settle(() => reject(new CliSocketError(`The server could not read the command: ${message.message}`)));
        }
      }),
    );
    socket.on('error', (error) => settle(() => (accepted ? reject(brokenOff(error.message)) : resolve({ ran: false, reason: error.message }))));
    socket.on('close', () =>
      settle(() => (accepted ? reject(brokenOff('the server closed it')) : resolve({ ran: false, reason: 'the server closed the connection without taking the command' }))),
    );
  });
}
