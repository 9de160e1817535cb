import type { IncomingMessage } from 'node:http';
import { header, JSON_TYPE } from './auth.ts';
import { errorReply } from './replies.ts';

/**
 * What a web page in the user's browser must not be able to do to a sandbox on loopback.
 *
 * - DNS rebinding: a page at evil.example whose name is re-pointed at 127.0.0.1 reaches the
 *   sandbox as same-origin, so it could read every answer (the merchants' keys in GET
 *   /sandbox/state). Its requests still carry `Host: evil.example:PORT`, so only the sandbox's own
 *   names are served: 127.0.0.1, localhost and [::1] with its port (plus the address it was told to
 *   listen on, when that is not a wildcard).
 * - Cross-site writes: a page may POST to any address without asking, but only as text/plain,
 *   form data or multipart ("simple requests", Fetch standard, CORS protocol). A JSON content type
 *   needs a CORS preflight, which the sandbox never grants. So the control endpoints take only
 *   application/json.
 */

export const WRONG_HOST = errorReply(421, 'This sandbox answers only to 127.0.0.1, localhost or [::1] with its port', 'bad_host');
export const NOT_JSON = errorReply(415, 'Control endpoints take only application/json', 'bad_content_format');

const WILDCARDS = new Set(['', '0.0.0.0', '::']);

/** The Host header values the sandbox serves, once it knows its port. */
export function allowedHosts(listenHost: string, port: number): ReadonlySet<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!WILDCARDS.has(listenHost)) names.push(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  return new Set(names.map((name) => `${name}:${port}`.toLowerCase()));
}

export function hostAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const host = header(req, 'host');
  return host !== undefined && allowed.has(host.trim().toLowerCase());
}

/** A control request that changes something must say it is JSON (see above); reads need not. */
export function controlContentAllowed(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return true;
  return JSON_TYPE.test((header(req, 'content-type') ?? '').trim());
}
