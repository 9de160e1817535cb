// What receivers reported, kept on this desktop (outcome-store.ts): read by the outcomes capability
// for History, and by the others that name what a payment belongs to (lookups, dispute reports).
export { openOutcomeStore, MAX_OBJECTS } from './outcome-store.ts';
export type { KeptEvent, OutcomeEvent, OutcomeOrigin, OutcomeStore, PaidObject, PolledAnswer, ReportedOutcomes } from './outcome-store.ts';
