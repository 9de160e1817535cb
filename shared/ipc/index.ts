export * from './contract.ts';
export * from './errors.ts';
export * from './profile.ts';
export * from './receiver-url.ts';
export * from './journal.ts';
export * from './identity.ts';
