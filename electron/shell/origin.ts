/**
 * The renderer's own origin. Packaged, it is served from the custom scheme app://renderer (not
 * file://, which would make every local file same-origin); in development, from electron-vite's
 * dev server. Everything else is foreign.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/**
 * The origin of a page the window loads or navigates to: scheme://host[:port], also for custom
 * schemes such as app:// (whose URL.origin is "null", so baseUrlOriginOf has none); null if unreadable.
 */
export function pageOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.host === '') return null;
    return `${parsed.protocol}//${parsed.host}`.toLowerCase();
  } catch {
    return null;
  }
}

export function isSameOrigin(url: string, allowedOrigin: string): boolean {
  const origin = pageOriginOf(url);
  return origin !== null && origin === allowedOrigin.toLowerCase();
}
