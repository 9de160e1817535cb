export * from './wire.ts';
export * from './sender.ts';
export * from './transaction.ts';
export * from './quote.ts';
export * from './exchange.ts';
export * from './pair.ts';
export * from './invoice.ts';
export * from './parse.ts';
