import { app } from 'electron';
import type { Session, WebContents } from 'electron';
import { isSameOrigin } from './origin.ts';

/**
 * Every web contents is held to the app's own origin: no navigation elsewhere, no new windows, no
 * webviews. A window or view that is not the app's own is closed as soon as it appears.
 */
export function hardenWebContents(contents: WebContents, allowedOrigin: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayHome = (event: { url: string; preventDefault(): void }) => {
    if (!isSameOrigin(event.url, allowedOrigin)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-frame-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

const PAGE_TYPES = new Set(['window', 'webview', 'browserView', 'backgroundPage', 'offscreen']);

export function guardApp(options: { allowedOrigin: string; isOurs: (contents: WebContents) => boolean }): void {
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, options.allowedOrigin);
    // Checked after the constructor that created it has returned, so our own window is known.
    queueMicrotask(() => {
      if (PAGE_TYPES.has(contents.getType()) && !options.isOurs(contents)) contents.close();
    });
  });
}

/**
 * The console needs no camera, microphone, notifications, geolocation, USB, clipboard reading, ...:
 * every permission is refused but one. Its Copy buttons call navigator.clipboard.writeText, for
 * which Chromium asks Electron's permission request handler for 'clipboard-sanitized-write'
 * (blink's ClipboardPromise::ValidatePreconditions -> ElectronPermissionManager::
 * RequestPermissionsWithDetails); refused, every Copy fails. So that one is granted, and only to
 * the main frame of the app's own window showing the app's own origin. By Chromium's source the
 * check handler is not asked for a write (only permission queries reach it); Electron's docs say
 * most APIs check first, so the check answers the same narrow yes, and no to everything else.
 */
export function permitOnlyCopying(target: Session, options: { allowedOrigin: string; isOurs: (contents: WebContents) => boolean }): void {
  // One rule for both handlers; `details` is read only for the one permission granted.
  const mayCopy = (contents: WebContents | null, permission: string, frame: () => { isMainFrame: boolean; url: string }) => {
    if (permission !== 'clipboard-sanitized-write') return false;
    const { isMainFrame, url } = frame();
    return isMainFrame && isSameOrigin(url, options.allowedOrigin) && contents !== null && options.isOurs(contents);
  };
  target.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(mayCopy(contents, permission, () => ({ isMainFrame: details.isMainFrame, url: details.requestingUrl }))),
  );
  target.setPermissionCheckHandler((contents, permission, requestingOrigin, details) =>
    mayCopy(contents, permission, () => ({ isMainFrame: details.isMainFrame, url: details.requestingUrl ?? requestingOrigin })),
  );
  target.setDevicePermissionHandler(() => false);
}
