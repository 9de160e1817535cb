import { createTracker } from '../journal/index.ts';
import type { Tracker, TrackerOptions } from '../journal/index.ts';
import type { JournalRouting } from './journal-routing.ts';

/**
 * The tracker the handlers use (journal/tracking.ts), on the journal of the profile each call is
 * for: this desktop's SQLite journal, or the profile's team journal. The profile is the
 * one the call's pending entry names, so a profile switched mid-call changes nothing of it.
 */
export function routedTracker(routing: Pick<JournalRouting, 'journalFor'>, options: TrackerOptions): Tracker {
  const trackerFor = async (profileId: string) => createTracker(await routing.journalFor(profileId), options);
  return {
    submission: async (input, run, settle, admit) => (await trackerFor(input.profileId)).submission(input, run, settle, admit),
    lookup: async (input, run, settle) => (await trackerFor(input.profileId)).lookup(input, run, settle),
  };
}
