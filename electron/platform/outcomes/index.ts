// What receivers reported, kept on this desktop (outcome-store.ts): read by the outcomes capability
// for History, and by the others that name what a payment belongs to (lookups, dispute reports).
export { openOutcomeStore, MAX_DEPOSIT_EVENTS, MAX_OBJECTS } from './outcome-store.ts';
export type { OutcomeEvent, OutcomeStore, PaidObject, ReportedOutcomes } from './outcome-store.ts';
// What this desktop asked the service itself, without a receiver (outcomes/desktop/outcome-poller.ts).
export type { KeptEvent, OutcomeOrigin, PolledAnswer } from './outcome-store.ts';
