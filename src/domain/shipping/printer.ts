// Raw TCP printing ("port 9100"): connect, write the job, end, wait for the printer to close its side. The same
// address policy as every outbound call (src/outbound/http-request.ts); a refused connection, a time-out or a
// broken connection is an UpstreamError (502) naming the printer.
import { Socket } from 'node:net';
import { refusePrivateHost, type OutboundPolicy } from '../../outbound/http-request.js';
import { UpstreamError } from '../shared/errors.js';

export const PRINTER_CONNECT_TIMEOUT_MS = 5_000;
/** Time allowed to write the job and see the connection closed after connecting. */
export const PRINTER_WRITE_TIMEOUT_MS = 15_000;

export interface PrinterAddress {
  /** For messages: `the printer "Dock 1" (10.0.0.5:9100)`. */
  system: string;
  host: string;
  port: number;
}

export interface PrinterTimeouts {
  connectMs: number;
  writeMs: number;
}

const DEFAULT_TIMEOUTS: PrinterTimeouts = { connectMs: PRINTER_CONNECT_TIMEOUT_MS, writeMs: PRINTER_WRITE_TIMEOUT_MS };

/** Sends the bytes; resolves with how many were written once the connection has been closed cleanly. */
export async function sendToPrinter(printer: PrinterAddress, data: Buffer, policy: OutboundPolicy, timeouts: PrinterTimeouts = DEFAULT_TIMEOUTS): Promise<number> {
  const connectTimeoutMs = timeouts.connectMs;
  await refusePrivateHost(printer.host, printer.system, policy);
  const who = printer.system[0]!.toUpperCase() + printer.system.slice(1);
  return new Promise<number>((resolve, reject) => {
    const socket = new Socket();
    let connected = false;
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(new UpstreamError(message));
    };
    socket.setTimeout(connectTimeoutMs, () => {
      fail(connected ? `${who} stopped taking data (time-out).` : `${who} could not be reached within ${connectTimeoutMs / 1000} s.`);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      fail(connected ? `${who} broke off the connection (${error.code ?? error.message}).` : `${who} could not be reached (${error.code === 'ECONNREFUSED' ? 'connection refused' : (error.code ?? error.message)}).`);
    });
    socket.on('close', () => {
      if (settled) return;
      if (!connected) return fail(`${who} closed the connection before it was made.`);
      settled = true;
      resolve(data.length);
    });
    socket.on('data', () => {}); // Some printers answer status bytes; they are read and ignored.
    socket.connect(printer.port, printer.host, () => {
      connected = true;
      socket.setTimeout(timeouts.writeMs);
      socket.end(data);
    });
  });
}
