export * from './amount-in-words.ts';
export * from './amount-problems.ts';
export * from './date-time.ts';
export * from './format-amount.ts';
export * from './parse-amount.ts';
export * from './separators.ts';
export * from './shipped.ts';
