import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '../../../shared/ipc/contract.ts';
import type { JournalEntry, JournalQuery } from '../../../shared/ipc/journal.ts';
import { appErrorOf, invoke } from '../../bridge.ts';
import { useActiveProfile } from '../../components/use-profiles.ts';

/**
 * react-query hooks of the journal channels. Every key starts with JOURNAL_KEY, so one invalidation
 * refreshes History and the attention banner together (after a submission, a resolve); the profile
 * id is part of each key, as the journal answers for the active profile only.
 */

export const JOURNAL_KEY = ['journal'] as const;

/** Entries per page: enough for a day's work, small enough to render at once. */
export const PAGE_SIZE = 50;

export function useJournalSearch(query: JournalQuery) {
  const profileId = useActiveProfile()?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...JOURNAL_KEY, 'search', profileId, query],
    queryFn: ({ pageParam }) => invoke('journal.search', { ...query, limit: PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    // A full page may have more behind it; a short one is the end.
    getNextPageParam: (last, pages) => (last.entries.length === PAGE_SIZE ? pages.length * PAGE_SIZE : undefined),
    enabled: profileId !== null,
    // The journal changes with every submission and lookup: always read it fresh when History opens.
    staleTime: 0,
  });
}

/** How often the banner looks again while the team journal cannot be reached, to see it come back. */
const OUTAGE_RECHECK_MS = 30_000;

/** A whole-profile read of the active profile's journal: keyed by what it reads and the profile, read fresh. */
function useProfileRead<T>(what: string, read: () => Promise<T>) {
  const profileId = useActiveProfile()?.id ?? null;
  return { queryKey: [...JOURNAL_KEY, what, profileId], queryFn: read, enabled: profileId !== null, staleTime: 0 };
}

/** Entries whose outcome is unknown (a lost answer, a crash mid-submission). */
export function useJournalAttention() {
  return useQuery({
    ...useProfileRead('attention', () => invoke('journal.attention', {})),
    refetchInterval: (query) => (query.state.error && appErrorOf(query.state.error).kind === 'journal_unavailable' ? OUTAGE_RECHECK_MS : false),
  });
}

/**
 * The display names that made the active profile's entries (issue 15), for History's filter by
 * person. Under JOURNAL_KEY, so a new person's first entry adds them.
 */
export function useJournalPeople() {
  return useQuery(useProfileRead('people', () => invoke('journal.people', {})));
}

/**
 * Reads everything of the journal again: History's entries, its people and the banner. After a team
 * journal outage all of them failed; looking again at the entries alone would leave the person
 * filter and the banner as they were while it was away.
 */
export function useReloadJournal(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: JOURNAL_KEY });
}

/** Settling it reloads the journal (useJournalFreshness). */
export function useResolveEntry() {
  return useMutation({
    mutationFn: (request: RequestOf<'journal.resolve'>) => invoke('journal.resolve', request),
    meta: { journal: true },
  });
}

export function useExportCsv() {
  return useMutation({ mutationFn: (query: JournalQuery) => invoke('journal.exportCsv', query) });
}

export function useDisputePdf() {
  return useMutation({ mutationFn: (entry: JournalEntry) => invoke('reports.disputePdf', { id: entry.id }) });
}
