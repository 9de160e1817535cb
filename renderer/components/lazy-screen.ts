import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * A screen loaded when first opened: its own chunk, fetched from the app's own files (script-src
 * 'self'), so that its code and the libraries only it uses (TanStack Table and Virtual for the
 * pairs, for example) stay out of the cold start; docs/benchmarks.md has the sizes. A feature's
 * entry (features/<name>/index.ts) wraps its screen in this, so app/ imports only entries. A chunk
 * that cannot be loaded (a broken install) ends in app/Screen.tsx's error boundary.
 */
export const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
