export * from './catalogues.ts';
export * from './languages.ts';
export * from './negotiate.ts';
export * from './words.ts';
export { pseudoMessage } from './pseudo.ts';
export * from './rule-message.ts';
