import { create } from 'zustand';
import type { JournalQuery } from '../../../shared/ipc/journal.ts';
import { profileBound } from '../../components/profile-bound.ts';
import { useNavigation } from '../../navigation/screens.ts';
import type { SearchValues, ShowKind } from './search-form-schema.ts';
import { BLANK_SEARCH, toQuery } from './search-form-schema.ts';

type HistorySearchState = {
  /** What the search form shows. */
  values: SearchValues;
  /** The query the list runs: the form's values as last searched. */
  query: JournalQuery;
  /** Bumped when the values are set from outside the form (the banner's link): remounts the form. */
  formKey: number;
  search(values: SearchValues): void;
  /**
   * The banner's links: History, showing only the entries in one state: unknown outcomes, or
   * pending ones (among them the silent submissions the banner names).
   */
  showState(state: 'unknown' | 'pending'): void;
  /** The same search over another kind of record (an empty list's "Show everything"). */
  showKind(kind: ShowKind): void;
};

/**
 * The search outside the screen component, so that opening an entry's lookup or the invoice form and
 * coming back finds the same search, and so that the attention banner can open History filtered. A
 * search is of the active profile's journal: choosing another starts it blank (profile-bound.ts).
 */
export const useHistorySearch = profileBound(
  create<HistorySearchState>((set) => ({
    values: BLANK_SEARCH,
    query: toQuery(BLANK_SEARCH),
    formKey: 0,
    search: (values) => set({ values, query: toQuery(values) }),
    showState: (state) => {
      const values: SearchValues = { ...BLANK_SEARCH, state };
      set((state) => ({ values, query: toQuery(values), formKey: state.formKey + 1 }));
      useNavigation.getState().go('history');
    },
    showKind: (kind) => set((state) => {
      const values: SearchValues = { ...state.values, kind };
      return { values, query: toQuery(values), formKey: state.formKey + 1 };
    }),
  })),
);
