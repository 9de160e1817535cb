export * from './main-services.ts';
export type { LocalSandbox, StartSandbox } from './local-sandbox.ts';
