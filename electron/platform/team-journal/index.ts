/**
 * The team journal as the app uses it (README, "The team journal"): which journal each profile records into, the
 * team's key for a merchant account, outages, and joining. Other code imports this file only.
 */
export { createJournalRouting } from './journal-routing.ts';
export type { JournalRouting, JournalRoutingOptions, UploadReport } from './journal-routing.ts';
export { teamProfileKey } from './team-profile-key.ts';
