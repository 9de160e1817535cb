import { create } from 'zustand';

/** The screens in the sidebar, in order; the position is also the keyboard shortcut (Alt+1..6). */
export const SCREENS = [
  { id: 'invoices', label: 'New invoice' },
  { id: 'quote', label: 'Live quote' },
  { id: 'pairs', label: 'Pairs' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'history', label: 'History' },
  { id: 'profiles', label: 'Profiles' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

export const shortcutOf = (index: number) => ({
  /** For aria-keyshortcuts (WAI-ARIA names the modifiers this way). */
  aria: `Alt+${index + 1} Control+${index + 1}`,
  label: `Alt+${index + 1}`,
});

function initialScreen(): ScreenId {
  const fromHash = window.location.hash.replace(/^#\/?/, '');
  return SCREENS.find((s) => s.id === fromHash)?.id ?? 'invoices';
}

/** A transaction lookup another screen asks for (an exchange order's "Look it up", a journal entry). */
export type LookupQuery = { id: number } | { foreign_id: string };

type NavigationState = {
  screen: ScreenId;
  /** Set by openLookup; the Transactions screen runs it once and clears it (takeLookup). */
  pendingLookup: LookupQuery | null;
  go(screen: ScreenId): void;
  openLookup(query: LookupQuery): void;
  takeLookup(): LookupQuery | null;
};

/** No router library: six screens and no URLs to share. The hash keeps the screen across reloads. */
export const useNavigation = create<NavigationState>((set, get) => ({
  screen: initialScreen(),
  pendingLookup: null,
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
}));
