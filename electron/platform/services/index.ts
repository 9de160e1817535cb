/** The way into this folder: other code imports what it needs from here, never past it. */
export { confirmIfLive, confirmWithPerson, nobodyToAsk } from './confirmation.ts';
export type { AskPerson, ConfirmQuestion } from './confirmation.ts';
export { createConnection } from './connection.ts';
export type { CreateClient, ProfileClient, ProfileWork } from './connection.ts';
export type { ChooseSavePath, ServiceDeps } from './deps.ts';
export { isoAt } from './deps.ts';
export { createLocalSandbox } from './local-sandbox.ts';
export type { LocalSandbox, StartSandbox } from './local-sandbox.ts';
