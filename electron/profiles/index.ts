/** The way into this folder: other code imports what it needs from here, never past it. */
export { identityHandlers } from './identity-handlers.ts';
export { profileHandlers } from './profile-handlers.ts';
export { teamJournalHandlers } from './team-journal-handlers.ts';
