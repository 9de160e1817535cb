import type { MessageId } from '../../../shared/i18n/index.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import type { ProfileSaveRequest } from '../../../shared/ipc/profile.ts';
import { teamJournalBinding } from '../../../shared/ipc/team-journal-settings.ts';
import type { TeamJournalSettings } from '../../../shared/ipc/team-journal-settings.ts';
import { caFileProblem } from '../team-access/index.ts';
import { refused } from './field-refusal.ts';
import type { ProfileRecord } from './profile-file.ts';
import type { TeamJournalPassword, TeamPasswordVault } from './team-journal-password.ts';

/**
 * What saving a profile does to its team journal, worked out before anything is written,
 * so that a refusal leaves the profile and the keychain as they were. The password follows the API
 * secret's rule (profile-book.ts): empty keeps the stored one only while the binding (the target
 * postgres://user@host:port/database and the CA file, teamJournalBinding) stays the one it is tied
 * to; a new host, port, database, user or CA file needs it typed again, or a typo (or a compromised
 * screen) would send it to another server, or let another server pass for this one.
 */

export type TeamJournalChange = {
  settings: TeamJournalSettings | null;
  password: 'keep' | 'remove' | TeamJournalPassword;
};

export type TeamJournalRules = {
  vault: TeamPasswordVault;
  /** The person's display name (identity.json): a team journal cannot be joined before it is set. */
  displayName: () => string | null;
};


/** The local sandbox records on this desktop only. */
export const SANDBOX_HAS_NONE = 'main.platform.teamJournal.settings.sandbox' satisfies MessageId;

/** A team journal's entries name who made them: the display name comes first. */
export const NAME_FIRST = 'main.platform.teamJournal.settings.nameFirst' satisfies MessageId;

export async function teamJournalChange(record: Pick<ProfileRecord, 'id' | 'kind' | 'teamJournal'> | null, request: ProfileSaveRequest, rules: TeamJournalRules): Promise<TeamJournalChange> {
  const settings = request.teamJournal === undefined ? (record?.teamJournal ?? null) : request.teamJournal;
  const typed = request.teamJournalPassword ?? '';
  if (record?.kind === 'local-sandbox') {
    if (settings !== null || typed !== '') throw refused('teamJournal', SANDBOX_HAS_NONE);
    return { settings: null, password: 'keep' };
  }
  if (settings === null) {
    if (typed !== '') throw refused('teamJournal.host', 'main.platform.teamJournal.settings.serverOrNoPassword');
    return { settings: null, password: 'remove' };
  }
  if (rules.displayName() === null) throw refused('teamJournal', NAME_FIRST);
  const caProblem = settings.caFile === null ? null : caFileProblem(settings.caFile);
  if (caProblem) throw refused('teamJournal.caFile', caProblem.id, caProblem.values);
  const target = teamJournalBinding(settings);
  if (typed !== '') return { settings, password: { target, password: typed } };
  const stored = record ? await rules.vault.read(record.id) : null;
  if (stored?.target === target) return { settings, password: 'keep' };
  throw passwordNeeded(target, stored?.target ?? null);
}

/** The refusal of a team journal without its password typed, saying where the stored one (if any) is tied to. */
export function passwordNeeded(target: string, storedTarget: string | null): AppFailure {
  return storedTarget
    ? refused('teamJournalPassword', 'main.platform.teamJournal.settings.passwordElsewhere', { target, stored: storedTarget })
    : refused('teamJournalPassword', 'main.platform.teamJournal.settings.passwordNone', { target });
}

/** Applies a change worked out above: the keychain first, so a failure there leaves the profile as it was. */
export async function applyTeamJournalChange(profileId: string, change: TeamJournalChange, vault: TeamPasswordVault): Promise<void> {
  if (change.password === 'remove') await vault.remove(profileId);
  else if (change.password !== 'keep') await vault.write(profileId, change.password);
}
