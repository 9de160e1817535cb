import { useQuery } from '@tanstack/react-query';
import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { appErrorOf, invoke } from '../../bridge.ts';
import { formatUtc } from '../../components/DateTime.tsx';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { madeByWords, personOn } from './person-words.ts';
import { rowOutcome } from './row-outcome.ts';

/** A time from main (ISO 8601) in UTC, or as received when it cannot be read. */
const at = (iso: string): string => (Number.isNaN(Date.parse(iso)) ? iso : formatUtc(Date.parse(iso)));

/** What the journal's send entry says of the send itself, before any callback. */
const SEND_WORDS: Record<JournalEntry['state'], string> = {
  pending: 'being sent, no answer yet',
  succeeded: 'the service took it',
  failed: 'the service refused it',
  unknown: 'no clear answer: its outcome is unknown',
};

type Props = {
  /** A withdrawal's entry in History: the send of an approved draft, under the draft's foreign id. */
  entry: JournalEntry & { foreignId: string };
  /** What the service reported became of it, where a callback (or main's own question) told. */
  outcome: EntryOutcome | undefined;
};

/**
 * A withdrawal's whole story in History's detail, in order: drafted by whom and when, approved or
 * rejected by whom (with the reason), sent by whom and when, and what became of it. The draft and its
 * decisions are main's (withdrawals.story, from the journal the profile records into); the send and
 * its outcome are the entry's own.
 */
export function WithdrawalStory({ entry, outcome }: Props) {
  const story = useQuery({ queryKey: ['withdrawals', 'story', entry.foreignId], queryFn: () => invoke('withdrawals.story', { foreignId: entry.foreignId }) });
  const body = () => {
    if (story.isPending) return <Loading what="the withdrawal’s story" />;
    if (story.isError) return <ErrorMessage error={appErrorOf(story.error)} retry={() => void story.refetch()} />;
    const { draft } = story.data;
    const became = rowOutcome(entry, outcome);
    return (
      <ol className="withdrawal-story">
        {draft === null ? (
          <li>No withdrawal draft in this profile’s journal has this foreign id, so who drafted and approved it is not known here.</li>
        ) : (
          <>
            <li>
              Drafted by {personOn(draft.draftedBy, null, draft.draftedLogin)}, {at(draft.draftedAt)}
            </li>
            {draft.decisions.map((decision, index) => (
              <li key={index}>
                {decision.decision === 'approve' ? 'Approved' : 'Rejected'} by {personOn(decision.decidedBy, null, decision.login)}, {at(decision.decidedAt)}
                {decision.reason ? `: ${decision.reason}` : ''}
              </li>
            ))}
          </>
        )}
        <li>
          Sent by {madeByWords(entry)}, {at(entry.sentAt ?? entry.createdAt)}: {SEND_WORDS[entry.state]}
          {entry.serviceStatus ? ` (service status: ${entry.serviceStatus})` : ''}
        </li>
        <li>
          What became of it: {became.words}
          {became.reported ? '' : ' (the journal’s record; no callback yet)'}
        </li>
      </ol>
    );
  };
  return (
    <section className="history-withdrawal-story" aria-label="The withdrawal’s story" data-testid="withdrawal-story">
      <h3>The withdrawal’s story</h3>
      {body()}
    </section>
  );
}
