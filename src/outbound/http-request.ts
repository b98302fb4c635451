// The one way the service calls another system over HTTP (a warehouse system, a shipping gateway, a rates
// feed): http(s) URLs only, a time-out, a cap on the response size, redirects followed only on the same
// host, and private or loopback addresses refused unless ALLOW_PRIVATE_OUTBOUND=true (development, tests).
// Every failure is an UpstreamError (HTTP 502) whose message names the other side and what went wrong.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { UpstreamError } from '../domain/shared/errors.js';

export interface OutboundPolicy {
  allowPrivate: boolean;
  /** Every call's time limit in place of its own (OUTBOUND_TIMEOUT_SECONDS); null or absent: the call's own. */
  timeoutMs?: number | null;
}

export interface OutboundRequest {
  /** Who is called, for messages: "the warehouse system". */
  system: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** A body sent as given (set its content-type in headers); ignored when json is set. */
  body?: string | Uint8Array<ArrayBuffer>;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** The body as received (an image, for instance). */
  bytes: Buffer;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

const PRIVATE = new BlockList();
for (const [net, prefix] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['127.0.0.0', 8], ['169.254.0.0', 16], ['0.0.0.0', 8], ['100.64.0.0', 10]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10], ['::', 128]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Sends the request and answers with any HTTP status; a network failure, time-out or oversized answer throws. */
export async function sendOutbound(request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  let url = parseUrl(request);
  const firstHost = url.host;
  const timeoutMs = policy.timeoutMs ?? request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; ; hop++) {
    await refusePrivate(url, request.system, policy);
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method,
        redirect: 'manual',
        signal: deadline,
        headers: { accept: 'application/json', ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
        body: request.json !== undefined ? JSON.stringify(request.json) : request.body,
      });
    } catch (error) {
      const timedOut = deadline.aborted;
      throw new UpstreamError(
        timedOut
          ? `${capitalized(request.system)} did not answer within ${timeoutMs / 1000} s.`
          : `${capitalized(request.system)} could not be reached (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}).`,
      );
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      const next = new URL(response.headers.get('location')!, url);
      await response.body?.cancel();
      if (next.host !== firstHost) throw new UpstreamError(`${capitalized(request.system)} redirected to another host (${next.host}); not followed.`);
      if (hop >= MAX_REDIRECTS) throw new UpstreamError(`${capitalized(request.system)} redirected more than ${MAX_REDIRECTS} times.`);
      url = next;
      continue;
    }
    const bytes = await readCapped(response, request, deadline);
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json, bytes };
  }
}

function parseUrl(request: OutboundRequest): URL {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new UpstreamError(`The address of ${request.system} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UpstreamError(`The address of ${request.system} must be http or https.`);
  return url;
}

async function refusePrivate(url: URL, system: string, policy: OutboundPolicy): Promise<void> {
  await refusePrivateHost(url.hostname, system, policy);
}

/** The address policy for any outbound connection (HTTP here, raw TCP to printers): private and loopback hosts refused unless allowed. */
export async function refusePrivateHost(hostname: string, system: string, policy: OutboundPolicy): Promise<void> {
  if (policy.allowPrivate) return;
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) throw new UpstreamError(`${capitalized(system)} could not be reached (${host} does not resolve).`);
  for (const { address, family } of addresses) {
    if (PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4')) {
      throw new UpstreamError(`${capitalized(system)} is on a private or loopback address (${address}), which this service does not call.`);
    }
  }
}

/**
 * A host written as a private or loopback address (or `localhost`) that the policy refuses: the address as
 * written, else null. For checking an address when it is saved; a name is resolved (and checked) at each call.
 */
export function refusedHostLiteral(hostname: string, policy: OutboundPolicy): string | null {
  if (policy.allowPrivate) return null;
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  const family = isIP(host);
  if (family === 0) return null;
  return PRIVATE.check(host, family === 6 ? 'ipv6' : 'ipv4') ? host : null;
}

async function readCapped(response: Response, request: OutboundRequest, deadline: AbortSignal): Promise<Buffer> {
  const max = request.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new UpstreamError(`${capitalized(request.system)} answered with more than ${max} bytes; the answer was dropped.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError(
      deadline.aborted ? `${capitalized(request.system)} did not finish its answer in time.` : `${capitalized(request.system)} broke off its answer.`,
    );
  }
  return Buffer.concat(chunks);
}

export const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);
