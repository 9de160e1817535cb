export * from './decimal.ts';
export * from './json.ts';
export * from './precision.ts';
