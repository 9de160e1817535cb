import { z } from 'zod';
import { identitySetRequest, identityView } from '../identity.ts';
import { connectionTest, profileList, profileSaveRequest, profileView, teamJournalTest, teamJournalTestRequest } from '../profile.ts';
import { empty, profileId } from './common.ts';

/** The Profiles screen: profiles, their team journal, and the person's name in the journal. */
export const profilesChannels = {
  'profiles.list': { request: empty, response: profileList },
  'profiles.save': { request: profileSaveRequest, response: profileView },
  'profiles.remove': { request: profileId, response: profileList },
  'profiles.select': { request: profileId, response: profileList },
  'profiles.test': { request: profileId, response: connectionTest },
  /**
   * "Test connection" of a team journal on the form's values, before they are saved: the server's
   * version and the journal's schema version, or what failed and what to check.
   */
  'profiles.testTeamJournal': { request: teamJournalTestRequest, response: teamJournalTest },
  /**
   * Joining a team journal: this desktop's history of the profile, copied into it once.
   * `conflicts`: entries left here because the team journal holds their foreign id for another
   * entry; `message` says so in words.
   */
  'profiles.uploadHistory': {
    request: profileId,
    response: z.object({ moved: z.number().int(), alreadyThere: z.number().int(), conflicts: z.number().int(), message: z.string() }),
  },
  /** Who this desktop's journal entries name: the display name (null until set) and the computer. */
  'identity.get': { request: empty, response: identityView },
  /** Sets the display name, once: another name after it is refused (invalid_request), so the record stays true. */
  'identity.set': { request: identitySetRequest, response: identityView },
} as const;
