import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from '../../electron/shell/csp.ts';

/**
 * The renderer's strict Content-Security-Policy as a <meta> tag, in the built index.html only.
 *
 * Main sends the same policy as a header (electron/shell/csp.ts); the meta copy also holds wherever
 * the built page is opened without that header. It must not reach the dev server: a meta policy
 * adds to the header's, so it would block Vite's injected styles and its HMR socket whatever the
 * looser development header allows. Hence `apply: 'build'`, and the tag is made from the one
 * constant, so the header and the meta copy cannot drift apart.
 */

// frame-ancestors has no effect in a <meta> policy (CSP Level 3, "frame-ancestors": "not supported
// in the <meta> element") and Chromium logs a warning for it; the header carries it.
const NOT_IN_META = ['frame-ancestors'];

export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((directive) => !NOT_IN_META.includes(directive.split(' ')[0] ?? ''))
  .join('; ');

export function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'merchant-console:csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      // head-prepend: before every script and style sheet the build injects, so it governs them all.
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
    ],
  };
}
