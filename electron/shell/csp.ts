import type { Session } from 'electron';

/**
 * The renderer's Content-Security-Policy: its own scripts and styles only, no network at all (the
 * renderer never talks to the service: every call goes through IPC), no frames, no plugins.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "worker-src 'none'",
].join('; ');

/** electron-vite's dev server needs inline preamble scripts, injected styles and its HMR socket. */
export function developmentPolicy(devOrigin: string): string {
  const socket = devOrigin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Sets the policy on every response the session loads, replacing any the response brought. */
export function installContentSecurityPolicy(target: Session, policy: string): void {
  target.webRequest.onHeadersReceived((details, callback) => {
    const headers: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(details.responseHeaders ?? {})) {
      if (name.toLowerCase() !== 'content-security-policy') headers[name] = value;
    }
    // electronegativity-ignore: CSP_GLOBAL_CHECK the scan cannot read a variable: policy is CONTENT_SECURITY_POLICY above (developmentPolicy in dev).
    headers['Content-Security-Policy'] = [policy];
    callback({ responseHeaders: headers });
  });
}
