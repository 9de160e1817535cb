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

/**
 * How often a team journal's reads are read again: another desktop's new unknown outcome,
 * its silent submission or a person's resolution must reach this one without a reload, and a team
 * journal has no way to tell; so the banner looks again at this pace, and History while it is open.
 * Also how often the banner looks again while the team journal cannot be reached, to see it come back.
 */
export const TEAM_JOURNAL_RECHECK_MS = 30_000;

/** Whether the active profile records into a team journal (as History's lead says whose entries it shows). */
const useTeamJournal = (): boolean => (useActiveProfile()?.teamJournal ?? null) !== null;

/**
 * The attention banner's pace: with a team journal, every TEAM_JOURNAL_RECHECK_MS; during an outage
 * of it likewise, to see it come back; a journal of this computer's alone changes only by this app's
 * own calls, which reload it (useJournalFreshness), so never.
 */
export function attentionRecheckMs(teamJournal: boolean, error: unknown): number | false {
  if (teamJournal) return TEAM_JOURNAL_RECHECK_MS;
  return error && appErrorOf(error).kind === 'journal_unavailable' ? TEAM_JOURNAL_RECHECK_MS : false;
}

/** History's entries: read again at the banner's pace with a team journal (only while History is open, as only it asks). */
export const historyRecheckMs = (teamJournal: boolean): number | false => (teamJournal ? TEAM_JOURNAL_RECHECK_MS : false);

export function useJournalSearch(query: JournalQuery) {
  const profileId = useActiveProfile()?.id ?? null;
  const team = useTeamJournal();
  return useInfiniteQuery({
    queryKey: [...JOURNAL_KEY, 'search', profileId, query],
    queryFn: ({ pageParam }) => invoke('journal.search', { ...query, limit: PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    // A full page may have more behind it; a short one is the end. Its rows set aside count: they were read.
    getNextPageParam: (last, pages) => (last.entries.length + last.unreadable.length === PAGE_SIZE ? pages.length * PAGE_SIZE : undefined),
    enabled: profileId !== null,
    // The journal changes with every submission and lookup: always read it fresh when History opens.
    staleTime: 0,
    refetchInterval: historyRecheckMs(team),
  });
}

/** A whole-profile read of the active profile's journal: keyed by what it reads and the profile, read fresh. */
function useProfileRead<T>(what: string, read: () => Promise<T>) {
  const profileId = useActiveProfile()?.id ?? null;
  return { queryKey: [...JOURNAL_KEY, what, profileId], queryFn: read, enabled: profileId !== null, staleTime: 0 };
}

/**
 * Entries a person must check: an unknown outcome (a lost answer, a crash mid-submission), or a
 * submission sent whose desktop recorded no answer for too long (shared/submission/silent-pending.ts).
 */
export function useJournalAttention() {
  const team = useTeamJournal();
  return useQuery({
    ...useProfileRead('attention', () => invoke('journal.attention', {})),
    refetchInterval: (query) => attentionRecheckMs(team, query.state.error),
  });
}

/**
 * One entry with its request and answer (journal.get): a list's entries carry neither (detail
 * 'none'), as a row may hold megabytes. An entry that already carries them is not read again.
 */
export function useJournalEntry(entry: JournalEntry | null) {
  const profileId = useActiveProfile()?.id ?? null;
  const needed = entry !== null && entry.detail === 'none';
  const read = useQuery({
    queryKey: [...JOURNAL_KEY, 'entry', profileId, entry?.id ?? null],
    queryFn: async () => (await invoke('journal.get', { id: entry?.id ?? 0 })).entry,
    enabled: profileId !== null && needed,
    staleTime: 0,
  });
  return { entry: needed ? (read.data ?? null) : entry, error: needed ? read.error : null };
}

/**
 * The display names that made the active profile's entries, for History's filter by
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
  return useMutation({ mutationFn: (request: RequestOf<'journal.exportCsv'>) => invoke('journal.exportCsv', request) });
}

export function useDisputePdf() {
  return useMutation({ mutationFn: (entry: JournalEntry) => invoke('reports.disputePdf', { id: entry.id }) });
}
