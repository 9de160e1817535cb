export * from './decimal.ts';
export * from './json.ts';
export * from './json-decimal.ts';
export * from './precision.ts';
