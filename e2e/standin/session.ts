import type { HeadersReceivedResponse, OnHeadersReceivedListenerDetails, PermissionRequest, Session, WebContents } from 'electron';

/**
 * session.defaultSession, as far as main configures it: webRequest.onHeadersReceived and the
 * permission handlers. The stand-in consults them where Electron does (protocol.ts for the
 * headers, permissions.ts for requests); everything else of a Session is not modelled.
 */

type HeadersListener = (details: OnHeadersReceivedListenerDetails, callback: (response: HeadersReceivedResponse) => void) => void;
type RequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type CheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];
type DeviceHandler = Parameters<Session['setDevicePermissionHandler']>[0];

export type HeadersVerdict = { cancel: boolean; responseHeaders: Record<string, string | string[]>; statusLine: string | undefined };

export class StandinSession {
  private headersListener: HeadersListener | null = null;
  private requestHandler: RequestHandler = null;
  /** Kept, never consulted: nothing the stand-in routes is a permission check or a device choice. */
  private checkHandler: CheckHandler = null;
  private deviceHandler: DeviceHandler = null;

  /**
   * "Only the last attached listener will be used. Passing null as listener will unsubscribe"
   * (docs/api/web-request.md). URL filters are not modelled: main attaches its listener to all.
   */
  readonly webRequest = {
    onHeadersReceived: (filterOrListener: unknown, maybeListener?: unknown): void => {
      const listener = maybeListener === undefined ? filterOrListener : maybeListener;
      if (maybeListener !== undefined && filterOrListener !== null) {
        throw new Error('The Electron stand-in does not model webRequest URL filters');
      }
      this.headersListener = (listener as HeadersListener | null) ?? null;
    },
  };

  setPermissionRequestHandler(handler: RequestHandler): void {
    this.requestHandler = handler;
  }

  setPermissionCheckHandler(handler: CheckHandler): void {
    this.checkHandler = handler;
  }

  setDevicePermissionHandler(handler: DeviceHandler): void {
    this.deviceHandler = handler;
  }

  /**
   * Electron asks the system's proxy configuration (docs/api/session.md, resolveProxy). The
   * stand-in's system has none, so every URL goes DIRECT, as Electron answers without a proxy.
   */
  async resolveProxy(_url: string): Promise<string> {
    return 'DIRECT';
  }

  /**
   * ElectronPermissionManager::RequestPermissionsWithDetails (shell/browser/electron_permission_manager.cc):
   * with no handler every permission is granted; otherwise the handler decides, with details
   * { requestingUrl, isMainFrame } of the requesting frame.
   */
  requestPermission(contents: WebContents, permission: string, details: { requestingUrl: string; isMainFrame: boolean }): Promise<boolean> {
    const handler = this.requestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => {
      handler(contents, permission as Parameters<NonNullable<RequestHandler>>[1], (granted) => resolve(granted === true), details as PermissionRequest);
    });
  }

  /** WebRequest::OnHeadersReceived: the listener may cancel, replace the headers or the status line. */
  async headersReceived(details: OnHeadersReceivedListenerDetails): Promise<HeadersVerdict> {
    const original = details.responseHeaders ?? {};
    const listener = this.headersListener;
    if (!listener) return { cancel: false, responseHeaders: original, statusLine: undefined };
    const response = await new Promise<HeadersReceivedResponse>((resolve) => listener(details, resolve));
    return {
      cancel: response.cancel === true,
      responseHeaders: response.responseHeaders ?? original,
      statusLine: response.statusLine,
    };
  }
}
