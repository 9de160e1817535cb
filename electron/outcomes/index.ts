// The capability "outcomes": what the service reports by callback. Its receiver runs on its own
// (receiver/cli.ts, docs/receiver.md); desktops read the events from it (desktop/).
export * from './receiver/index.ts';
export { createOutcomeFeed, outcomeHandlers } from './desktop/outcome-handlers.ts';
export type { OutcomeFeed, ReceiverFor } from './desktop/outcome-handlers.ts';
export type { ReceiverAccess } from './desktop/receiver-feed.ts';
export { outcomePoller, POLL_EVERY_MS } from './desktop/outcome-poller.ts';
export type { OutcomePoller, PollTick } from './desktop/outcome-poller.ts';
