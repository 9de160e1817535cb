import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { contentSecurityPolicyMeta } from './scripts/build/csp-meta.ts';

// Three separate builds, as the electron-vite templates do: main (Node), preload (sandboxed, so
// every dependency is bundled into one CommonJS file) and the renderer (a plain web app).
// `electron-vite build` writes the one artifact everything uses: `npm start`, the installers, the
// e2e suites, `npm run preview` and `npm run bench` all load out/ as it leaves this build.
// No source maps anywhere (electron-vite's default, written down): nothing ships or loads them.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      sourcemap: false,
      // keytar is a native addon: it stays external and is loaded from node_modules at run time.
      externalizeDeps: true,
      // Not minified (electron-vite's default): main is read once from local disk, so the bytes
      // cost nothing a user notices, and its stack traces in a bug report stay readable.
      minify: false,
      // The dispute report's worker thread is an entry of its own, beside main.js (history/reports/dispute-pdf.ts).
      rollupOptions: {
        input: {
          main: resolve(import.meta.dirname, 'electron/main.ts'),
          'pdf-worker': resolve(import.meta.dirname, 'electron/history/reports/pdf-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      sourcemap: false,
      // A sandboxed preload cannot require node_modules, so its imports are bundled in: only the bare
      // channel list (shared/ipc/channels.ts), kept under 10 kB by scripts/build/preload-bundle.test.ts.
      externalizeDeps: false,
      // Not minified, for the same reason as main: one local file, readable stack traces.
      minify: false,
      rollupOptions: {
        input: { preload: resolve(import.meta.dirname, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    // The strict CSP <meta> is added by the build only; the dev server serves index.html without it.
    plugins: [react(), contentSecurityPolicyMeta()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      sourcemap: false,
      // electron-vite leaves the renderer unminified by default; the window parses all of its initial
      // JS before the first screen, so the shipped renderer is minified (Vite's default minifier).
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
