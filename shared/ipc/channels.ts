import { ruleMessage } from '../i18n/rule-mark.ts';

/**
 * The bare names of the IPC channels, and nothing else: the preload is bundled whole into a
 * sandboxed script, so it imports this file instead of contract.ts, which would bring zod and every
 * schema with it (215 kB) only to know these names. Pure data on purpose: add no import here but
 * rule-mark.ts, which writes a catalogue id without the catalogues.
 *
 * contract.ts declares the same channels with their schemas; its `satisfies` clause and
 * channels.test.ts fail when the two differ in either direction, so a channel is added in both.
 */
export const CHANNEL_NAMES = [
  'app.info',
  'app.notices',
  'locale.get',
  'locale.set',
  'profiles.list',
  'profiles.save',
  'profiles.remove',
  'profiles.select',
  'profiles.test',
  'profiles.testTeamJournal',
  'profiles.uploadHistory',
  'identity.get',
  'identity.set',
  'transactions.lookup',
  'accounts.list',
  'addresses.take',
  'pairs.list',
  'quotes.calculate',
  'quotes.budget',
  'exchange.place',
  'invoices.create',
  'shell.openPaymentPage',
  'journal.search',
  'journal.get',
  'journal.people',
  'journal.attention',
  'journal.resolve',
  'journal.exportCsv',
  'reports.disputePdf',
  'outcomes.forEntries',
  'outcomes.forPayment',
  'outcomes.attention',
  'outcomes.markSeen',
  'withdrawals.draft',
  'withdrawals.list',
  'withdrawals.story',
  'withdrawals.approve',
  'withdrawals.reject',
  'withdrawals.check',
  'withdrawals.alone',
  'withdrawals.setAlone',
  'withdrawals.policies',
  'withdrawals.proposePolicy',
  'withdrawals.decidePolicy',
  'withdrawals.importBatch',
  'withdrawals.approveBatch',
  'withdrawals.batch',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** The name under which the preload exposes its API in the renderer's main world. */
export const BRIDGE_GLOBAL = 'merchantConsole';

// A Set, not an object lookup: '__proto__' or 'constructor' from the renderer must not match.
const known: ReadonlySet<string> = new Set(CHANNEL_NAMES);

export function isChannel(name: unknown): name is ChannelName {
  return typeof name === 'string' && known.has(name);
}

/**
 * The refusal of a name that is not a channel: the preload's and the router's, the same words. An
 * AppError of errors.ts (typed there; this file imports no schema). Its message is the catalogue's id
 * (shared/i18n/rule-mark.ts), which the window words in its language where it shows the error; the
 * router says it in the window's language itself. The name is cut to 100 characters.
 */
export function unknownChannel(name: unknown) {
  const channel = typeof name === 'string' ? name.slice(0, 100) : typeof name;
  return { kind: 'unknown_channel', message: ruleMessage('main.platform.router.unknownChannel'), channel } as const;
}
