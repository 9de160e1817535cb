export * from './router.ts';
export type { Handler, Handlers, Router, RouterLog } from './router.ts';
export { createRouter } from './router.ts';
