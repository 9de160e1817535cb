import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isInputDecimal } from '../../shared/money/index.ts';
import { preloadExamples } from './model/examples.ts';
import type { Fault } from './http/faults.ts';
import { createFaultTable } from './http/faults.ts';
import type { AnswerEdit } from './http/answer-edits.ts';
import { createAnswerEdits } from './http/answer-edits.ts';
import { addressPayToken, payAddressRecord } from './model/address-deposits.ts';
import { chooseInvoiceCurrency, payInvoiceRecord } from './model/invoice-payments.ts';
import { withCredentials, withoutCredentials } from './model/credential-free-state.ts';
import { initialData, loadData, saveData } from './model/persistence.ts';
import type { StateSetAside } from './model/state-file.ts';
import { openStateFile } from './model/state-file.ts';
import type { RateLimitOptions } from './http/rate-limit.ts';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './http/rate-limit.ts';
import { allowedHosts } from './http/request-guard.ts';
import type { CallbackOptions } from './http/callback-sender.ts';
import { startCallbackSender } from './http/callback-sender.ts';
import { API_PREFIX, createRequestListener } from './server.ts';
import type { SandboxSnapshot } from './views/snapshot.ts';
import { snapshot } from './views/snapshot.ts';
import type { Merchant, SandboxContext } from './model/types.ts';
import { invoiceView } from './views/invoice-view.ts';
import { newCallbackEvents } from './views/callback-views.ts';
import { transactionView } from './views/transaction-views.ts';
import type { HoldDecision } from './model/withdrawal-holds.ts';
import { decideWithdrawal, setWithdrawalLimit } from './model/withdrawal-holds.ts';

/**
 * The local processing sandbox: a plain-Node HTTP server that behaves like the processing service
 * (described in docs/service-interface.md), for the app's "Local sandbox" profile and for every
 * test. It never imports 'electron' and validates requests on its own (not with shared/api), so
 * that it can catch a client's mistakes.
 */

export type { Fault, FaultKind } from './http/faults.ts';
export type { AnswerEdit } from './http/answer-edits.ts';
export type { SandboxSnapshot } from './views/snapshot.ts';
export type { CallbackOptions } from './http/callback-sender.ts';
export { RETRY_MINUTES } from './model/callback-outbox.ts';
export type { StateSetAside } from './model/state-file.ts';
export type { HoldDecision } from './model/withdrawal-holds.ts';
/** The preloaded examples' lookup keys, for tests outside the sandbox that look them up. */
export { EXAMPLE_FOREIGN_IDS, LONG_AMOUNT } from './model/examples.ts';

export interface SandboxOptions {
  host?: string;
  port?: number;
  merchants?: Array<{ key: string; secret: string; name?: string }>;
  /** Seed of the price walk and of generated addresses, hashes and tokens. Random when absent. */
  seed?: number;
  /** Epoch milliseconds; drives quotes, rate limit, timers, confirmations and statuses. */
  clock?: () => number;
  /**
   * Loaded at start when it exists, written after every change and at close. A damaged file, or
   * one from a newer version, is set aside and the sandbox starts fresh (model/state-file.ts).
   */
  stateFile?: string;
  /**
   * Leaves the merchants' keys and secrets out of the state file, and gives its records back to
   * `merchants` in order when it is loaded (model/credential-free-state.ts): for a state file in
   * the app's data folder, where no key or secret may go.
   */
  stateWithoutCredentials?: boolean;
  /** Told when the state file was set aside; by default it is written to the error output. */
  onStateSetAside?: (notice: StateSetAside) => void;
  /** The exchange/calculate limit (spec section 8); false turns it off. */
  rateLimit?: Partial<RateLimitOptions> | false;
  /**
   * Serve the HTTP control endpoints (/sandbox/*: state, faults, merchants, payments). Only the
   * standalone sandbox does (cli.ts). Off by default: the app's own sandbox holds the profile's
   * secret, and the app and its tests drive it through this handle instead.
   */
  control?: boolean;
  /**
   * Sends the service's signed callbacks to this URL (http/callback-sender.ts), retried on the
   * service's schedule, which `retryScale` shortens for tests. Without it no callback is sent.
   */
  callbacks?: CallbackOptions;
  /**
   * Every merchant's withdrawal limit, in EUR equivalent, as a decimal string: a withdrawal worth
   * more is held as pending until approved or declined (model/withdrawal-holds.ts). None by default.
   */
  withdrawalLimit?: string;
}

/** A payment into a taken deposit address: its own deposit transaction. */
export interface AddressPaymentResult {
  transactionId: number;
  txid: string;
}

export interface PaymentResult {
  transactionId: number;
  /** What the invoice asked for in `currency` when the payment arrived. */
  required: string;
  currency: string;
  invoice: ReturnType<typeof invoiceView>;
}

/** A payment or currency choice the sandbox refused; `errors` in the Laravel shape when it is validation. */
export class SandboxRefusal extends Error {
  status: number;
  errors: Record<string, string> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'SandboxRefusal';
    this.status = status;
    this.errors = errors;
  }
}

export interface SandboxHandle {
  origin: string;
  baseUrl: string;
  port: number;
  seed: number;
  readonly merchants: Array<{ key: string; secret: string; name: string }>;
  addMerchant(merchant: { key: string; secret: string; name?: string }): void;
  setFault(path: string, fault: Fault | null): void;
  clearFaults(): void;
  /**
   * Test only: every later successful answer of `path` goes out as `edit` rewrites its JSON body
   * (http/answer-edits.ts), e.g. a pairs list with an unreadable element; null removes the edit.
   */
  editAnswer(path: string, edit: AnswerEdit | null): void;
  /** Fixes the invoice's payment currency and rate, as the payment page's first step does. */
  chooseInvoiceCurrency(invoiceId: number, currency: string): ReturnType<typeof invoiceView>;
  /** Pays an invoice like the payment page; throws SandboxRefusal when the sandbox refuses. */
  payInvoice(invoiceId: number, payment: { amount: string; currency?: string }): PaymentResult;
  /**
   * Pays into a deposit address taken with addresses/take, like its deposit page: a deposit of its
   * own each time; throws SandboxRefusal when the sandbox refuses (an invoice's address, no amount).
   */
  payAddress(addressId: number, payment: { amount: string }): AddressPaymentResult;
  /** The address of the sandbox's page where a person pays into the taken address (endpoints/deposit-page.ts). */
  addressPayPage(addressId: number): string;
  state(merchantKey?: string): SandboxSnapshot;
  saveState(path?: string): void;
  loadState(path?: string): void;
  resetRateLimit(): void;
  /**
   * Sets the withdrawal limit (EUR equivalent, a decimal string; null for none) of one merchant,
   * or of every merchant without `merchantKey`; throws SandboxRefusal for a bad limit or merchant.
   */
  setWithdrawalLimit(limit: string | null, merchantKey?: string): void;
  /** Approves or declines a withdrawal held as pending; answers it as transactions/info does, or throws SandboxRefusal. */
  decideWithdrawal(withdrawalId: number, decision: HoldDecision): unknown;
  /**
   * Looks for new callback events at once and sends what is due, resolving when those tries are
   * answered; answers how many events are still owed. Without the callbacks option: 0.
   */
  flushCallbacks(): Promise<number>;
  close(): Promise<void>;
}

/** The origin a client reaches the sandbox at: a wildcard listening host is reached on 127.0.0.1. */
function reachableOriginOf(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

function reportSetAside(notice: StateSetAside): void {
  console.error(`sandbox: the state in ${notice.file} could not be read (${notice.reason}); it is kept as ${notice.keptAs}, and the sandbox starts afresh`);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  if (options.withdrawalLimit !== undefined && !isInputDecimal(options.withdrawalLimit)) {
    throw new TypeError(`The withdrawal limit is an amount of EUR such as "1000.00", not "${options.withdrawalLimit}"`);
  }
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? Date.now;
  const seed = options.seed ?? randomBytes(4).readUInt32BE(0);
  const stateFile = options.stateFile;
  const withoutKeys = options.stateWithoutCredentials === true;
  const opened = stateFile ? openStateFile(stateFile, { seed, now: clock }) : null;
  if (opened?.setAside) (options.onStateSetAside ?? reportSetAside)(opened.setAside);
  const loaded = opened?.data && withoutKeys ? withCredentials(opened.data, options.merchants ?? []) : opened?.data;
  let origin = '';
  const ctx: SandboxContext = {
    data: loaded ?? initialData(seed),
    clock,
    origin: () => origin,
  };
  const save = (path: string) => saveData(withoutKeys ? withoutCredentials(ctx.data) : ctx.data, path);
  const persist = () => {
    if (stateFile) save(stateFile);
  };
  const faults = createFaultTable();
  const answerEdits = createAnswerEdits();
  const limiter = createRateLimiter(clock, options.rateLimit === false ? false : { ...DEFAULT_RATE_LIMIT, ...options.rateLimit });

  const addMerchant = (m: { key: string; secret: string; name?: string }): Merchant => {
    if (typeof m.key !== 'string' || m.key === '' || typeof m.secret !== 'string' || m.secret === '') {
      throw new TypeError('A merchant needs a non-empty key and secret');
    }
    const existing = ctx.data.merchants.find((x) => x.key === m.key);
    const merchant: Merchant = { key: m.key, secret: m.secret, name: m.name ?? existing?.name ?? `Merchant ${ctx.data.merchants.length + 1}` };
    if (existing) Object.assign(existing, merchant);
    else ctx.data.merchants.push(options.withdrawalLimit === undefined ? merchant : { ...merchant, withdrawalLimit: options.withdrawalLimit });
    if (!ctx.data.transactions.some((t) => t.kind === 'static' && t.merchantKey === m.key)) {
      ctx.data.transactions.push(...preloadExamples(ctx.data, m.key));
    }
    persist();
    return existing ?? merchant;
  };

  for (const m of options.merchants ?? []) addMerchant(m);
  // Merchants loaded from a state file too: the option is the limit of every merchant in this run.
  if (options.withdrawalLimit !== undefined) setWithdrawalLimit(ctx.data, options.withdrawalLimit);
  if (ctx.data.merchants.length === 0) {
    addMerchant({ key: `sbx_${randomBytes(8).toString('hex')}`, secret: randomBytes(32).toString('hex'), name: 'Sandbox merchant' });
  }

  let hosts: ReadonlySet<string> = new Set();
  const server = createServer(
    createRequestListener({
      ctx,
      faults,
      answerEdits,
      limiter,
      addMerchant,
      resetRateLimit: () => limiter.reset(),
      persist,
      control: options.control === true,
      allowedHosts: () => hosts,
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = reachableOriginOf(host, port);
  hosts = allowedHosts(host, port);
  const callbacks = options.callbacks ? startCallbackSender(ctx, options.callbacks, newCallbackEvents, persist) : null;

  const findInvoice = (id: number) => {
    const invoice = ctx.data.invoices.find((i) => i.id === id);
    if (!invoice) throw new SandboxRefusal(404, `Invoice ${id} not found`);
    return invoice;
  };

  const findTakenAddress = (id: number) => {
    const address = ctx.data.addresses.find((a) => a.id === id && a.source === 'take');
    if (!address) throw new SandboxRefusal(404, `No deposit address ${id} was taken with addresses/take`);
    return address;
  };

  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    port,
    seed,
    get merchants() {
      return ctx.data.merchants.map((m) => ({ ...m }));
    },
    addMerchant: (m) => void addMerchant(m),
    setFault: (path, fault) => faults.set(path, fault),
    clearFaults: () => faults.clear(),
    editAnswer: (path, edit) => answerEdits.set(path, edit),
    chooseInvoiceCurrency(invoiceId, currency) {
      const invoice = findInvoice(invoiceId);
      const refused = chooseInvoiceCurrency(ctx, invoice, currency);
      if (refused && !refused.ok) throw new SandboxRefusal(refused.status, refused.error ?? Object.values(refused.errors ?? {}).join(' '), refused.errors);
      persist();
      return invoiceView(ctx, invoice);
    },
    payInvoice(invoiceId, payment) {
      const invoice = findInvoice(invoiceId);
      const outcome = payInvoiceRecord(ctx, invoice, payment);
      if (!outcome.ok) throw new SandboxRefusal(outcome.status, outcome.error ?? Object.values(outcome.errors ?? {}).join(' '), outcome.errors);
      persist();
      return { transactionId: outcome.transactionId, required: outcome.required, currency: outcome.currency, invoice: invoiceView(ctx, invoice) };
    },
    payAddress(addressId, payment) {
      const outcome = payAddressRecord(ctx, findTakenAddress(addressId), payment);
      if (!outcome.ok) throw new SandboxRefusal(outcome.status, outcome.error ?? Object.values(outcome.errors ?? {}).join(' '), outcome.errors);
      persist();
      return { transactionId: outcome.deposit.id, txid: outcome.deposit.txid };
    },
    addressPayPage(addressId) {
      const address = findTakenAddress(addressId);
      const made = address.payToken === undefined;
      const token = addressPayToken(ctx, address);
      if (made) persist();
      return `${origin}/deposit/${token}`;
    },
    state: (merchantKey) => snapshot(ctx, merchantKey),
    saveState(path = stateFile) {
      if (!path) throw new Error('No path given and no stateFile option');
      save(path);
    },
    loadState(path = stateFile) {
      if (!path) throw new Error('No path given and no stateFile option');
      ctx.data = withoutKeys ? withCredentials(loadData(path), ctx.data.merchants) : loadData(path);
    },
    resetRateLimit: () => limiter.reset(),
    setWithdrawalLimit(limit, merchantKey) {
      const outcome = setWithdrawalLimit(ctx.data, limit, merchantKey);
      if (!outcome.ok) throw new SandboxRefusal(outcome.status, outcome.error);
      persist();
    },
    decideWithdrawal(withdrawalId, decision) {
      const outcome = decideWithdrawal(ctx.data, withdrawalId, decision, clock());
      if (!outcome.ok) throw new SandboxRefusal(outcome.status, outcome.error);
      persist();
      return transactionView(ctx, outcome.withdrawal);
    },
    async flushCallbacks() {
      if (!callbacks) return 0;
      await callbacks.flush();
      return callbacks.pending();
    },
    close: async () => {
      await callbacks?.close();
      await new Promise<void>((resolve, reject) => {
        persist();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
