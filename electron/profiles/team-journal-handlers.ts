import type { Handlers } from '../platform/router/index.ts';
import type { JournalRouting } from '../platform/team-journal/index.ts';

/**
 * Joining a team journal (README, "The team journal"): the Profiles screen offers, once a profile is saved with one,
 * to copy this desktop's history of it there. Any profile may be named, not only the active one:
 * the offer follows the save.
 */
export function teamJournalHandlers(routing: JournalRouting): Pick<Handlers, 'profiles.uploadHistory'> {
  return {
    'profiles.uploadHistory': ({ id }) => routing.uploadHistory(id),
  };
}
