import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Node's synchronous module hooks (module.registerHooks, Node 22.15+/24): the bare specifier
 * `electron`, imported by a module whose URL carries `?standin=<id>`, resolves to that stand-in's
 * module (electron-module.ts). Everything else resolves as usual.
 *
 * Playwright's own loader (playwright/lib/transform/esmLoader.js) registers its TypeScript hooks
 * with registerHooks too, and hooks chain: the last registered runs first and hands on through
 * nextResolve / nextLoad. So these hooks only answer for `electron` and for the built bundle, and
 * pass everything else down to Playwright's. The built bundle (a .js file with ?standin=) is read
 * here as it is, so no test-runner transform touches what the app ships.
 */

const ELECTRON_MODULE = new URL('./electron-module.ts', import.meta.url).href;
const ELECTRON_SPECIFIERS = new Set(['electron', 'electron/main', 'electron/common']);

const standinOf = (url: string | undefined): string | null => {
  if (!url?.startsWith('file:')) return null;
  return new URL(url).searchParams.get('standin');
};

let installed = false;

export function installStandinLoader(): void {
  if (installed) return;
  installed = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const id = standinOf(context.parentURL);
      if (id !== null && ELECTRON_SPECIFIERS.has(specifier)) {
        const url = new URL(ELECTRON_MODULE);
        url.searchParams.set('standin', id);
        return { url: url.href, shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (standinOf(url) !== null && /\.m?js$/.test(new URL(url).pathname)) {
        return { format: 'module', source: readFileSync(fileURLToPath(url), 'utf8'), shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
}
