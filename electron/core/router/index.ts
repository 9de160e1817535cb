export * from './router.ts';
