import type { DatabaseSync } from 'node:sqlite';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import type { JournalOperation } from '../../../shared/ipc/journal.ts';
import type { Admit, EarlierTry } from '../journal/index.ts';

/**
 * This desktop's own record of the submissions it sent through a team journal, kept in its own
 * SQLite file (table sent_marks, journal-schema.ts version 7).
 *
 * Whether a foreign id may be sent again is decided from the earlier tries under it (a sent one
 * never may: shared/submission/outcome.ts). On a team journal those tries are rows that other
 * people write too. The database's own rules keep a sent mark once written (schema/team-rules.ts),
 * but the journal's owner, or a superuser, can still change any row. So each desktop also keeps
 * what it sent itself, and both must agree: a foreign id this desktop sent is never admitted again
 * when the team's rows no longer show that try as sent, whatever they say instead.
 *
 * The mark is written after the team journal's sent mark commits and before the bytes leave (the
 * transport awaits both): if the local write fails, nothing is sent; if the team's fails, nothing
 * is written here. A mark here without the team's is never left behind by this order.
 */

export type SentMarkPlace = { teamJournal: string; profileKey: string };
export type SentSubmission = { operation: JournalOperation; foreignId: string; entryId: number };

type MarkRow = { entry_id: number; sent_at: string };

export function ownSentMarks(db: DatabaseSync, place: SentMarkPlace) {
  const insert = db.prepare('INSERT INTO sent_marks (team_journal, profile_key, operation, foreign_id, entry_id, sent_at) VALUES (?, ?, ?, ?, ?, ?)');
  const select = db.prepare('SELECT entry_id, sent_at FROM sent_marks WHERE team_journal = ? AND profile_key = ? AND operation = ? AND foreign_id = ? ORDER BY entry_id');

  function marksOf(operation: JournalOperation, foreignId: string): MarkRow[] {
    return (select.all(place.teamJournal, place.profileKey, operation, foreignId) as Array<Record<string, unknown>>).map((row) => ({
      entry_id: Number(row.entry_id),
      sent_at: String(row.sent_at),
    }));
  }

  return {
    /** Records that this desktop is about to hand a submission's bytes over; throws if it cannot. */
    record(sent: SentSubmission, at: Date): void {
      insert.run(place.teamJournal, place.profileKey, sent.operation, sent.foreignId, sent.entryId, at.toISOString());
    },

    /**
     * `admit`, refusing first when the team's tries disagree with what this desktop sent under the
     * foreign id: a try it sent that is gone from the team journal, or shown there as never sent.
     */
    admitting(operation: JournalOperation, foreignId: string | null | undefined, admit: Admit | undefined): Admit {
      return (tries: EarlierTry[]) => {
        if (foreignId) {
          for (const mark of marksOf(operation, foreignId)) {
            const there = tries.find((entry) => entry.id === mark.entry_id);
            if (!there || there.sentAt === null) throw disagreement(foreignId, mark, there);
          }
        }
        admit?.(tries);
      };
    },
  };
}

export type OwnSentMarks = ReturnType<typeof ownSentMarks>;

function disagreement(foreignId: string, mark: MarkRow, there: EarlierTry | undefined): AppFailure {
  const changed = there ? 'shows it as never sent' : 'no longer holds it';
  return new AppFailure({
    kind: 'already_sent',
    foreignId,
    message:
      `This desktop sent foreign id ${foreignId} at ${mark.sent_at} (team journal entry #${mark.entry_id}), but the team journal now ${changed}: ` +
      "its record was changed by someone. Nothing was sent, and this desktop will not send that foreign id again. Look it up by its foreign id, and tell the team journal's administrator.",
  });
}
