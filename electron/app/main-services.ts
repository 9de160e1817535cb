import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createProcessingClient } from '../platform/api/index.ts';
import type { ResolveProxy } from '../platform/api/index.ts';
import { openIdentity } from '../platform/identity/index.ts';
import { openAppLocale } from '../platform/locale/index.ts';
import type { AppLocale } from '../platform/locale/index.ts';
import type { SystemLocale } from '../../shared/i18n/index.ts';
import { localeHandlers } from '../locale/index.ts';
import { identityHandlers, profileHandlers, teamJournalHandlers } from '../profiles/index.ts';
import { createJournal, createTracker, openJournalDatabase } from '../platform/journal/index.ts';
import type { Identity } from '../platform/identity/index.ts';
import type { JournalStore, StepHook } from '../platform/journal/index.ts';
import { createKeytarSecretStore, DEFAULT_KEYCHAIN_SERVICE, LOCAL_SANDBOX_ID, openProfileBook } from '../platform/profiles/index.ts';
import type { SecretStore } from '../platform/profiles/index.ts';
import { createQuoteBudget } from '../platform/limits/index.ts';
import { createHeldQuotes, fixedExchangePlacer, placeAtHeldQuote, quoteHandlers } from '../quotes/index.ts';
import { createRouter } from '../platform/router/index.ts';
import type { Handlers, Router, RouterLog } from '../platform/router/index.ts';
import { startSandbox as realStartSandbox } from '../sandbox/index.ts';
import { createJournalRouting } from '../platform/team-journal/index.ts';
import type { JournalRouting } from '../platform/team-journal/index.ts';
import { addressHandlers } from '../addresses/index.ts';
import { appHandlers } from './app-handlers.ts';
import { localCallbacks } from './local-callbacks.ts';
import { createOutcomeFeed, outcomeHandlers } from '../outcomes/index.ts';
import type { ReceiverFor } from '../outcomes/index.ts';
import { isAppFailure } from '../../shared/ipc/errors.ts';
import { openOutcomeStore } from '../platform/outcomes/index.ts';
import { balanceHandlers } from '../balances/index.ts';
import { createPaymentPages, invoiceHandlers } from '../invoices/index.ts';
import { journalHandlers } from '../history/index.ts';
import { createConnection, createLocalSandbox, nobodyToAsk } from '../platform/services/index.ts';
import type { AskPerson, ChooseSavePath, CreateClient, LocalSandbox, ServiceDeps, StartSandbox } from '../platform/services/index.ts';
import type { OpenExternal } from '../invoices/index.ts';
import { pairHandlers } from '../pairs/index.ts';
import { createLookupLimit, transactionHandlers } from '../transactions/index.ts';
// Without a receiver, the unsettled exchanges are asked about (outcomes/desktop/outcome-poller.ts).
import { outcomePoller } from '../outcomes/index.ts';
import type { OutcomePoller } from '../outcomes/index.ts';
import { payoutBatchHandlers, withdrawalCheckHandlers, withdrawalHandlers, withdrawalPolicyHandlers } from '../withdrawals/index.ts';

export type MainServicesOptions = {
  /** The app's data folder (app.getPath('userData') in Electron). */
  dataDir: string;
  /** Defaults to the OS keychain under `keychainService`. */
  secretStore?: SecretStore;
  keychainService?: string;
  /** Epoch milliseconds; drives timestamps and the quote budget. */
  now?: () => number;
  version?: string;
  startSandbox?: StartSandbox;
  /** The local sandbox's own clock (its quote lifetimes and invoice timers). */
  sandboxClock?: () => number;
  createClient?: CreateClient;
  quoteBudget?: Parameters<typeof createQuoteBudget>[0];
  log?: RouterLog;
  /** Opens a payment page in the system browser (Electron's shell.openExternal); see openedUrls. */
  openExternal?: OpenExternal;
  /** Where an export goes (Electron's save dialog); by default a file in `<dataDir>/exports`. */
  chooseSavePath?: ChooseSavePath;
  /**
   * The system's proxy for a URL (Electron's session.resolveProxy: OS settings, PAC, environment);
   * by default the proxy environment variables (api/network/proxy-env.ts).
   */
  resolveProxy?: ResolveProxy;
  /**
   * Tests only: runs at each step of every submission (journal/tracking.ts), where a test throws or
   * kills the process to prove that no step leads to a second send. Never set by main.ts.
   */
  submissionStep?: StepHook;
  /** Tests only: runs once a withdrawal's approval took its send claim, before the send begins (withdrawals/). Never set by main.ts. */
  withdrawalClaimed?: (at: { draftId: number }) => void;
  /** Tests only: how a payout batch waits between two sends (withdrawals/payout-batches.ts); a timer otherwise. Never set by main.ts. */
  payoutPause?: (ms: number) => Promise<void>;
  /** A person's yes to a live action (Electron: shell/confirm-dialog.ts); by default nobody, so no. */
  askPerson?: AskPerson;
  /** How often a team journal that went away is tried again (team-journal/journal-routing.ts); 30 s by default. */
  teamJournalRetryMs?: number;
  /** How often outcomes are polled without a receiver (outcomes/desktop/outcome-poller.ts); 0: only when a test ticks. */
  outcomePollMs?: number;
  /** The lookups' allowance a minute, a person's and the poller's together; 60 by default. */
  lookupsPerMinute?: number;
  /** What the OS prefers (Electron's app.getPreferredSystemLanguages() and getSystemLocale()); English and en-US by default. */
  systemLocale?: SystemLocale;
  /** Tests only: the pseudo-locale may be chosen (platform/locale). Never set for a packaged app. */
  pseudoLocale?: boolean;
};

export type MainServices = {
  handlers: Handlers;
  router: Router;
  /** The local sandbox of the 'local-sandbox' profile; the harness reads its baseUrl. */
  sandbox: LocalSandbox;
  /** Payment pages opened without an `openExternal` (plain Node, the e2e harness), oldest first. */
  openedUrls: readonly string[];
  /** The journal (`<dataDir>/journal.sqlite`); tests read it directly. */
  journal: JournalStore;
  /** Which journal each profile records into: this one, or its team journal. */
  journals: JournalRouting;
  /** Who this desktop's entries name (identity.json): the display name, the computer, the desktop id. */
  identity: Identity;
  /** Asks the service about unsettled exchanges when the active profile has no receiver to read. */
  outcomePoller: OutcomePoller;
  /** The window's language and formats, which main's own messages follow. */
  locale: AppLocale;
  close(): Promise<void>;
};

/**
 * Everything the main process does, behind the router: the same object serves Electron's IPC and,
 * in plain Node, the browser harness of the end-to-end tests.
 */
export async function createMainServices(options: MainServicesOptions): Promise<MainServices> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message, details) => console.error(`[main] ${message}`, details));
  const secrets = options.secretStore ?? createKeytarSecretStore(options.keychainService ?? DEFAULT_KEYCHAIN_SERVICE);
  // Who this desktop's journal entries name: identity.json in the data folder.
  const identity = await openIdentity(options.dataDir);
  // The window's language, and so main's (locale.json in the data folder over the OS's languages).
  const locale = await openAppLocale({
    dataDir: options.dataDir,
    ...(options.systemLocale ? { system: options.systemLocale } : {}),
    ...(options.pseudoLocale ? { allowPseudo: true } : {}),
    log,
  });
  const book = await openProfileBook({ dataDir: options.dataDir, secrets, now, displayName: () => identity.view().displayName, sandboxName: locale.say('main.profiles.localSandboxName') });
  // The Local sandbox posts its callbacks to a receiver of its own, so its outcomes show with no account.
  const callbacks = localCallbacks({ dataDir: options.dataDir, start: options.startSandbox ?? realStartSandbox, log });
  const sandbox = createLocalSandbox({
    start: callbacks.start,
    credentials: () => book.credentials(LOCAL_SANDBOX_ID),
    ...(options.sandboxClock ? { clock: options.sandboxClock } : {}),
    // Its records last as long as the data folder; the file holds no key or secret (createLocalSandbox).
    stateFile: join(options.dataDir, LOCAL_SANDBOX_STATE_FILE),
    onStateSetAside: (notice) => log('the local sandbox’s saved state could not be read: it is kept aside, and the sandbox starts afresh with new ids', notice),
  });
  // Opened and recovered before any call can run: a submission cut off by a crash becomes `unknown`.
  const database = openJournalDatabase(join(options.dataDir, 'journal.sqlite'));
  // Main's clock when one is given (tests); else the journal's own, read where each time is written.
  const journal = createJournal(database, { ...(options.now ? { now: () => new Date(now()) } : {}), author: identity.author });
  const interrupted = await journal.recoverInterrupted();
  if (interrupted.length > 0) log('submissions cut off by the last exit are now outcome unknown', { ids: interrupted.map((e) => e.id) });
  // A profile with a team journal records there; on start, each settles what this desktop left cut off.
  const journals = await createJournalRouting({
    dataDir: options.dataDir,
    book,
    local: journal,
    localDb: database,
    author: identity.author,
    now,
    log,
    ...(options.teamJournalRetryMs ? { retryEveryMs: options.teamJournalRetryMs } : {}),
  });
  void journals.catchUpAll();
  const trackerOptions = { log, ...(options.submissionStep ? { step: options.submissionStep } : {}) };
  // The active profile's client and journal, worked out once and forgotten together (profile changes).
  const connection = createConnection({
    book,
    sandbox,
    createClient: options.createClient ?? createProcessingClient,
    journalFor: journals.journalFor,
    track: (store) => createTracker(store, trackerOptions),
    ...(options.resolveProxy ? { resolveProxy: options.resolveProxy } : {}),
  });
  // What receivers reported, per profile (outcomes/): the Local sandbox's own receiver, or the one
  // a profile names (its receiver URL), read only with the key and secret tied to that URL.
  const outcomes = openOutcomeStore(join(options.dataDir, 'outcomes.sqlite'));
  const receiverFor: ReceiverFor = async (profileId) => {
    if (profileId === LOCAL_SANDBOX_ID) {
      await sandbox.ensure();
      return callbacks.access();
    }
    try {
      const receiver = await book.receiverCredentials(profileId);
      return receiver === null ? null : { url: receiver.url, key: receiver.apiKey, secret: receiver.secret };
    } catch (error) {
      // Not sent: the profile says why (a receiver URL or base URL changed outside the app, no key stored).
      if (!isAppFailure(error)) throw error;
      const url = book.get(profileId).receiverUrl ?? '';
      return { url, refused: error.error.message };
    }
  };
  const outcomeFeed = createOutcomeFeed(outcomes, receiverFor, now);
  const deps: ServiceDeps = {
    dataDir: options.dataDir,
    version: options.version ?? '0.0.0-dev',
    book,
    connection,
    sandbox,
    budget: createQuoteBudget({ now, ...options.quoteBudget }),
    journal,
    journalFor: journals.journalFor,
    madeHere: journals.madeHere,
    outcomes: outcomeFeed.reported,
    chooseSavePath: options.chooseSavePath ?? exportsFolder(options.dataDir),
    askPerson: options.askPerson ?? nobodyToAsk,
    now,
    locale,
  };

  const openedUrls: string[] = [];
  const paymentPages = createPaymentPages(options.openExternal ?? (async (url) => void openedUrls.push(url)), locale);

  // One allowance of lookups: a person's first, the outcome poller's from what is spare.
  const lookups = createLookupLimit(now, options.lookupsPerMinute, locale);
  const poller = outcomePoller(deps, outcomeFeed, lookups, log);
  const stopPolling = options.outcomePollMs === 0 ? async () => undefined : poller.start(options.outcomePollMs);
  const { cache: pairCache, ...pairs } = pairHandlers(deps);
  // The quotes main received, per profile, by id: the only ones an exchange may be placed at.
  const heldQuotes = createHeldQuotes(now);
  const withdrawalOptions = {
    withdrawalsFor: journals.withdrawalsFor,
    desktopId: () => identity.author().desktopId,
    ...(options.withdrawalClaimed ? { claimed: options.withdrawalClaimed } : {}),
    ...(options.payoutPause ? { pause: options.payoutPause } : {}),
  };
  const handlers: Handlers = {
    ...appHandlers(deps),
    ...localeHandlers(locale),
    ...identityHandlers(identity),
    ...profileHandlers(deps, (profileId) => {
      pairCache.forget(profileId);
      heldQuotes.forget(profileId);
      void journals.forget(profileId);
    }),
    ...teamJournalHandlers(journals),
    ...transactionHandlers(deps, lookups),
    ...balanceHandlers(deps),
    ...addressHandlers(deps, paymentPages),
    ...pairs,
    ...quoteHandlers(deps, heldQuotes),
    ...invoiceHandlers(deps, paymentPages),
    'exchange.place': placeAtHeldQuote(deps, heldQuotes, fixedExchangePlacer(deps)),
    ...journalHandlers(deps),
    ...outcomeHandlers(deps, outcomeFeed),
    ...withdrawalHandlers(deps, withdrawalOptions),
    ...withdrawalCheckHandlers(deps, withdrawalOptions),
    ...withdrawalPolicyHandlers(deps, withdrawalOptions),
    ...payoutBatchHandlers(deps, withdrawalOptions),
  };

  // Starting with the local sandbox active starts its server; a failure is retried on first use.
  if (book.active()?.kind === 'local-sandbox') {
    await sandbox.ensure().catch((error: unknown) => log('the local sandbox did not start', { error: String(error) }));
  }

  const close = async () => {
    // A poll in hand ends before the stores it writes to close.
    await stopPolling();
    await sandbox.stop();
    outcomes.close();
    await journals.close();
    database.close();
  };
  return { handlers, router: createRouter(handlers, { log, words: locale }), sandbox, openedUrls, journal, journals, identity, outcomePoller: poller, locale, close };
}

/** The local sandbox's records, in the data folder. */
export const LOCAL_SANDBOX_STATE_FILE = join('local-sandbox', 'state.json');

/** Without a dialog (plain Node, the browser harness): exports land in the data folder. */
function exportsFolder(dataDir: string): ChooseSavePath {
  return async ({ defaultName }) => {
    const folder = join(dataDir, 'exports');
    await mkdir(folder, { recursive: true });
    return join(folder, defaultName);
  };
}
