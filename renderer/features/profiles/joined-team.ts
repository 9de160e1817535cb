import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { teamJournalTarget } from '../../../shared/ipc/team-journal-settings.ts';

/**
 * Whether a save made the profile join a team journal: it has one now, and had none
 * before, or another (a new server, database or user is another team's record). Then the screen
 * offers to upload this computer's history of it there; an edit that keeps the same one does not.
 */
export function joinedTeamJournal(before: ProfileView | null, saved: ProfileView): boolean {
  if (saved.teamJournal === null) return false;
  const was = before?.teamJournal ?? null;
  return was === null || teamJournalTarget(was) !== teamJournalTarget(saved.teamJournal);
}
