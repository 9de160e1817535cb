/**
 * Chromium outside Electron cannot be taught a custom scheme, so a URL of a scheme main handles
 * (protocol.handle) travels under a stand-in origin: app://renderer/x becomes
 * https://renderer.app.standin/x. https, because main registers app:// as standard and secure
 * (a secure context, as Electron makes it); `.standin` is no real top-level domain, and every
 * request to it is answered by main's own handler (protocol.ts), never by the network.
 *
 * Whatever main reads back (webContents.getURL(), a frame's url, will-navigate's url, a
 * permission request's requestingUrl, the Request its handler gets) is translated back, so its
 * origin checks (electron/shell/origin.ts, ipc.ts) run unchanged on app:// URLs.
 */

const SUFFIX = '.standin';

/** app://renderer/x?y#z -> https://renderer.app.standin/x?y#z; other URLs unchanged. */
export function toPageUrl(url: string, schemes: ReadonlySet<string>): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (!schemes.has(scheme) || parsed.host === '') return url;
  return `https://${parsed.host}.${scheme}${SUFFIX}${parsed.pathname || '/'}${parsed.search}${parsed.hash}`;
}

/** The custom-scheme URL a stand-in page URL stands for; other URLs unchanged. */
export function fromPageUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname.endsWith(SUFFIX)) return url;
  const labels = parsed.hostname.slice(0, -SUFFIX.length).split('.');
  const scheme = labels.pop();
  if (!scheme || labels.length === 0) return url;
  return `${scheme}://${labels.join('.')}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Whether a page URL is one of the stand-in's own (answered by a protocol handler). */
export function isStandinUrl(url: string): boolean {
  return fromPageUrl(url) !== url;
}

/** scheme://host of a custom-scheme URL's stand-in page URL: the origin Chromium sees. */
export function standinPageOriginOf(url: string, schemes: ReadonlySet<string>): string {
  return new URL(toPageUrl(url, schemes)).origin;
}
