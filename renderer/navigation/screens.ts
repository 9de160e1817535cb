import { create } from 'zustand';
import type { MessageId } from '../../shared/i18n/index.ts';
import type { TransactionLookupRequest } from '../../shared/api/transaction.ts';
import type { JournalEntry } from '../../shared/ipc/journal.ts';

/**
 * The screens in the sidebar, in order; the position is also the keyboard shortcut (Alt+1..9).
 * `labelId` names the screen in the catalogues.
 */
export const SCREENS = [
  { id: 'invoices', labelId: 'nav.invoices' },
  { id: 'quote', labelId: 'nav.quote' },
  { id: 'pairs', labelId: 'nav.pairs' },
  { id: 'transactions', labelId: 'nav.transactions' },
  { id: 'history', labelId: 'nav.history' },
  { id: 'profiles', labelId: 'nav.profiles' },
  { id: 'balances', labelId: 'nav.balances' },
  { id: 'addresses', labelId: 'nav.addresses' },
  { id: 'withdrawals', labelId: 'nav.withdrawals' },
] as const satisfies readonly { id: string; labelId: MessageId }[];

export type ScreenId = (typeof SCREENS)[number]['id'];

export const shortcutOf = (index: number) => ({
  /** For aria-keyshortcuts (WAI-ARIA names the modifiers this way). */
  aria: `Alt+${index + 1} Control+${index + 1}`,
  label: `Alt+${index + 1}`,
});

function initialScreen(): ScreenId {
  // No window when a screen is rendered to static markup under Node (the screens' tests): the first screen.
  const fromHash = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#\/?/, '');
  return SCREENS.find((s) => s.id === fromHash)?.id ?? 'invoices';
}

/**
 * What one screen hands another, so that no feature imports another: a transaction lookup (an
 * exchange order's "Look it up", a journal entry's "Look up now") and an invoice request a journal
 * entry recorded ("New invoice like this"). Each waits here until its screen takes it, exactly once.
 */
export type InvoiceTemplate = JournalEntry['request'];

/**
 * What an invoice started from a journal entry lacks, in the invoice form's words: the journal keeps
 * no personal data (electron/platform/journal/tracking.ts), so the person types these again.
 */
export const NOT_RECORDED = ['customer e-mail', 'sender data'] as const;

type NavigationState = {
  screen: ScreenId;
  /** Set by openLookup; the Transactions screen runs it once and clears it (takeLookup). */
  pendingLookup: TransactionLookupRequest | null;
  /** Set by openInvoiceLike; New invoice starts its form from it once and clears it (takeInvoiceTemplate). */
  pendingInvoice: InvoiceTemplate | null;
  go(screen: ScreenId): void;
  openLookup(query: TransactionLookupRequest): void;
  takeLookup(): TransactionLookupRequest | null;
  openInvoiceLike(template: InvoiceTemplate): void;
  takeInvoiceTemplate(): InvoiceTemplate | null;
};

/** No router library: a handful of screens and no URLs to share. The hash keeps the screen across reloads. */
export const useNavigation = create<NavigationState>((set, get) => ({
  screen: initialScreen(),
  pendingLookup: null,
  pendingInvoice: null,
  go(screen) {
    if (window.location.hash !== `#${screen}`) window.history.replaceState(null, '', `#${screen}`);
    set({ screen });
  },
  openLookup(query) {
    set({ pendingLookup: query });
    get().go('transactions');
  },
  takeLookup() {
    const query = get().pendingLookup;
    if (query) set({ pendingLookup: null });
    return query;
  },
  openInvoiceLike(template) {
    set({ pendingInvoice: template });
    get().go('invoices');
  },
  takeInvoiceTemplate() {
    const template = get().pendingInvoice;
    if (template) set({ pendingInvoice: null });
    return template;
  },
}));
