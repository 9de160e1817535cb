import type { Route } from '@playwright/test';
import { STATUS_CODES } from 'node:http';
import type { CustomScheme, OnHeadersReceivedListenerDetails } from 'electron';
import type { StandinSession } from './session.ts';
import { fromPageUrl } from './urls.ts';

/**
 * `protocol` (docs/api/protocol.md, lib/browser/api/protocol.ts): schemes registered as
 * privileged before ready, and handlers given a fetch Request, answering a Response. Every request
 * Chromium makes to a stand-in URL (urls.ts) reaches the handler main registered for that scheme,
 * as a Request for the app:// URL, and its Response goes back to Chromium.
 *
 * Between the two, the session's webRequest.onHeadersReceived sees and may rewrite the headers:
 * Electron wraps every URL loader factory of a frame, the custom schemes' too, in its
 * ProxyingURLLoaderFactory (shell/browser/electron_browser_client.cc, WillCreateURLLoaderFactory),
 * whose OnReceiveResponse calls WebRequest::OnHeadersReceived for responses "from a file or
 * handler" (shell/browser/net/proxying_url_loader_factory.cc). Electron's own test "can change
 * headers of CORS responses" (spec/api-web-request-spec.ts) rewrites a custom protocol's headers.
 */

type Handler = (request: Request) => Response | Promise<Response>;

export type ServeContext = { contents: { id: number } | null; frame: unknown; isMainFrame: boolean };

const RESOURCE_TYPES: Record<string, string> = {
  stylesheet: 'stylesheet',
  script: 'script',
  image: 'image',
  font: 'font',
  media: 'media',
  xhr: 'xhr',
  fetch: 'xhr',
  websocket: 'webSocket',
  ping: 'ping',
};

let nextRequestId = 1;

export class StandinProtocol {
  /** Standard schemes main registered as privileged: the ones the stand-in can carry (urls.ts). */
  readonly standardSchemes = new Set<string>();
  private readonly handlers = new Map<string, Handler>();

  private readonly isReady: () => boolean;
  private readonly session: StandinSession;

  constructor(isReady: () => boolean, session: StandinSession) {
    this.isReady = isReady;
    this.session = session;
  }

  registerSchemesAsPrivileged(customSchemes: CustomScheme[]): void {
    if (this.isReady()) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    for (const { scheme, privileges } of customSchemes) if (privileges?.standard) this.standardSchemes.add(scheme);
  }

  handle(scheme: string, handler: Handler): void {
    if (this.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    if (!this.standardSchemes.has(scheme)) {
      throw new Error(`The Electron stand-in carries only standard schemes registered as privileged, not ${scheme}:`);
    }
    this.handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    if (!this.handlers.delete(scheme)) throw new Error(`Failed to unhandle protocol: ${scheme}`);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }

  /** Answers one intercepted request for a stand-in URL, as Electron's loader would. */
  async serve(route: Route, context: ServeContext): Promise<void> {
    const request = route.request();
    const url = fromPageUrl(request.url());
    const handler = this.handlers.get(new URL(url).protocol.slice(0, -1));
    if (!handler) return route.abort('failed'); // ERR_UNKNOWN_URL_SCHEME in Electron
    let response: Response;
    try {
      const body = request.method() === 'GET' || request.method() === 'HEAD' ? null : request.postDataBuffer();
      const headers = new Headers(request.headers());
      if (headers.get('origin') === 'null') headers.delete('origin');
      response = await handler(new Request(url, { method: request.method(), headers, body }));
    } catch (error) {
      console.error(error); // as lib/browser/api/protocol.ts does, then ERR_UNEXPECTED
      return route.abort('failed');
    }
    if (!response || typeof response !== 'object' || response.type === 'error') return route.abort('failed');

    const responseHeaders: Record<string, string[]> = {};
    for (const [name, value] of response.headers) responseHeaders[name] = [value];
    const details = {
      id: nextRequestId++,
      url,
      method: request.method(),
      ...(context.contents ? { webContentsId: context.contents.id, webContents: context.contents } : {}),
      frame: context.frame,
      resourceType: request.resourceType() === 'document' ? (context.isMainFrame ? 'mainFrame' : 'subFrame') : (RESOURCE_TYPES[request.resourceType()] ?? 'other'),
      referrer: request.headers()['referer'] ?? '',
      timestamp: Date.now(),
      statusLine: `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`.trimEnd(),
      statusCode: response.status,
      responseHeaders,
    } as unknown as OnHeadersReceivedListenerDetails;
    const verdict = await this.session.headersReceived(details);
    if (verdict.cancel) return route.abort('blockedbyclient');

    const status = verdict.statusLine ? Number(verdict.statusLine.split(' ')[1]) || response.status : response.status;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(verdict.responseHeaders)) headers[name] = Array.isArray(value) ? value.join('\n') : value;
    const bytes = request.method() === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
    await route.fulfill({ status, headers, body: bytes });
  }
}
