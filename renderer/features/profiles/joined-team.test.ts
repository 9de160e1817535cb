import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../shared/ipc/profile.ts';
import { joinedTeamJournal } from './joined-team.ts';
import { liveProfileView } from './testing/profile-views.ts';

/** When the Profiles screen offers to upload this computer's history: on joining, not on every save. */

const team = { host: 'journal.example.com', port: 5432, database: 'finance', user: 'console', caFile: null };
const inTeam: ProfileView = { ...liveProfileView, teamJournal: team };

describe('joining a team journal', () => {
  it('is a new profile saved with one, or a profile that had none and now has one', () => {
    expect(joinedTeamJournal(null, inTeam)).toBe(true);
    expect(joinedTeamJournal(liveProfileView, inTeam)).toBe(true);
  });

  it('is a move to another server, database or user: another team’s record', () => {
    expect(joinedTeamJournal(inTeam, { ...inTeam, teamJournal: { ...team, database: 'finance_eu' } })).toBe(true);
    expect(joinedTeamJournal(inTeam, { ...inTeam, teamJournal: { ...team, host: 'journal2.example.com' } })).toBe(true);
  });

  it('is not a save that keeps the same one (a new name, a new CA file), nor one without any', () => {
    expect(joinedTeamJournal(inTeam, { ...inTeam, name: 'Acme EU', teamJournal: { ...team, caFile: '/etc/ssl/ca.pem' } })).toBe(false);
    expect(joinedTeamJournal(null, liveProfileView)).toBe(false);
    expect(joinedTeamJournal(inTeam, liveProfileView)).toBe(false);
  });
});
