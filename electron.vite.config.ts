import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Three separate builds, as the electron-vite templates do: main (Node), preload (sandboxed, so
// every dependency is bundled into one CommonJS file) and the renderer (a plain web app).
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // keytar is a native addon: it stays external and is loaded from node_modules at run time.
      externalizeDeps: true,
      rollupOptions: { input: { main: resolve(import.meta.dirname, 'electron/main.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require node_modules, so zod and the contract are bundled in.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve(import.meta.dirname, 'electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
