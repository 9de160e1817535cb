import type { TeamJournalTest, TeamJournalTestRequest } from '../../../shared/ipc/profile.ts';
import { teamJournalBinding } from '../../../shared/ipc/team-journal-settings.ts';
import { testTeamConnection } from '../team-access/index.ts';
import type { ConnectionTestOptions } from '../team-access/index.ts';
import type { ProfileBook } from './profile-book.ts';
import { refused } from './field-refusal.ts';
import { passwordNeeded, SANDBOX_HAS_NONE } from './team-journal-change.ts';

/**
 * "Test connection" on the profile form, before the settings are saved: with the
 * password typed, or else the one stored for the profile, but only if it is tied to the very
 * target and CA file being tested (teamJournalBinding), the rule that keeps it from being sent anywhere else.
 */
export async function testTeamJournal(book: ProfileBook, request: TeamJournalTestRequest, options: ConnectionTestOptions): Promise<TeamJournalTest> {
  const { profileId, teamJournal } = request;
  if (profileId !== undefined && book.get(profileId).kind === 'local-sandbox') throw refused('teamJournal', SANDBOX_HAS_NONE);
  let password = request.teamJournalPassword ?? '';
  if (password === '') {
    const target = teamJournalBinding(teamJournal);
    const storedFor = profileId === undefined ? null : (await book.credentialFacts(profileId)).teamJournalPasswordFor;
    if (storedFor !== target || profileId === undefined) throw passwordNeeded(target, storedFor);
    password = await book.teamJournalPassword(profileId, teamJournal);
  }
  return testTeamConnection(teamJournal, password, options);
}
