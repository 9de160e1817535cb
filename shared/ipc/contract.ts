import type { z } from 'zod';
import { addressesChannels } from './capabilities/addresses.ts';
import { appChannels } from './capabilities/app.ts';
import { balancesChannels } from './capabilities/balances.ts';
import { historyChannels } from './capabilities/history.ts';
import { invoicesChannels } from './capabilities/invoices.ts';
import { localeChannels } from './capabilities/locale.ts';
import { outcomesChannels } from './capabilities/outcomes.ts';
import { pairsChannels } from './capabilities/pairs.ts';
import { profilesChannels } from './capabilities/profiles.ts';
import { quotesChannels } from './capabilities/quotes.ts';
import { transactionsChannels } from './capabilities/transactions.ts';
import { withdrawalsChannels } from './capabilities/withdrawals.ts';
import type { ChannelName } from './channels.ts';

/**
 * The one declaration of every IPC channel: the union of each capability's part
 * (capabilities/<name>.ts, the same names as electron/<name>/ and renderer/features/<name>/).
 * Main's router validates each request and each answer against it, the preload allows only its
 * channel names, and the renderer's bridge takes its types from it. Add a channel to its
 * capability's part first; the type checker then asks for a handler.
 */
export const contract = {
  ...appChannels,
  ...localeChannels,
  ...profilesChannels,
  ...transactionsChannels,
  ...balancesChannels,
  ...addressesChannels,
  ...pairsChannels,
  ...quotesChannels,
  ...invoicesChannels,
  ...historyChannels,
  ...outcomesChannels,
  ...withdrawalsChannels,
  // Record<ChannelName, …>: a channel missing from channels.ts, or listed there and missing here,
  // is a type error naming it (the preload knows channels only through that list).
} as const satisfies Record<ChannelName, { request: z.ZodType; response: z.ZodType }>;

export { appNotice } from './capabilities/app.ts';
export type { AppNotice } from './capabilities/app.ts';
export { balanceList } from './capabilities/balances.ts';
export { localeOverride, localeView } from './capabilities/locale.ts';
export type { LocaleView } from './capabilities/locale.ts';
export { entryOutcome, failedInvoice, OUTCOMES_ASK_EVERY_MS, OUTCOMES_PULL_EVERY_MS, outcomeSource, outcomeStep } from './capabilities/outcomes.ts';
export type { DepositSeen, EntryOutcome, FailedInvoice, OutcomeSource, OutcomeStep } from './capabilities/outcomes.ts';
export type { BalanceList } from './capabilities/balances.ts';
export { paymentPageVerdict } from './capabilities/invoices.ts';
export type { PaymentPageVerdict } from './capabilities/invoices.ts';
export { pairList } from './capabilities/pairs.ts';
export type { PairList } from './capabilities/pairs.ts';
export { quoteBudget } from './capabilities/quotes.ts';
export type { QuoteBudget } from './capabilities/quotes.ts';

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>;

export const CHANNELS = Object.keys(contract) as Channel[];

// Defined beside the bare channel list, so that the preload can use them without this file.
export { BRIDGE_GLOBAL, isChannel, unknownChannel } from './channels.ts';
