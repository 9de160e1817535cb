export * from './main-services.ts';
export type { LocalSandbox, StartSandbox } from '../platform/services/index.ts';
