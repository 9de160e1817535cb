// The capability "outcomes": what the service reports by callback. Its receiver runs on its own
// (receiver/cli.ts); the desktop side comes later.
export * from './receiver/index.ts';
