import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { EntryOutcome } from '../../../shared/ipc/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { appErrorOf, invoke } from '../../bridge.ts';
import { useFormatLocale } from '../../components/locale.ts';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { timeWords } from './EntryTime.tsx';
import { madeByWords, personOn } from './person-words.ts';
import { rowOutcome } from './row-outcome.ts';

/** What the journal's send entry says of the send itself, before any callback. */
const SEND_WORDS: Record<JournalEntry['state'], MessageId> = {
  pending: 'history.story.send.pending',
  succeeded: 'history.story.send.succeeded',
  failed: 'history.story.send.failed',
  unknown: 'history.story.send.unknown',
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
 * its outcome are the entry's own. Times in UTC, and in this computer's time beside where that differs.
 */
export function WithdrawalStory({ entry, outcome }: Props) {
  const intl = useIntl();
  const formatLocale = useFormatLocale();
  const at = (iso: string) => timeWords(intl, iso, formatLocale);
  const story = useQuery({ queryKey: ['withdrawals', 'story', entry.foreignId], queryFn: () => invoke('withdrawals.story', { foreignId: entry.foreignId }) });
  const title = intl.formatMessage({ id: 'history.story.title' });
  const body = () => {
    if (story.isPending) return <Loading what={intl.formatMessage({ id: 'history.story.loading' })} />;
    if (story.isError) return <ErrorMessage error={appErrorOf(story.error)} retry={() => void story.refetch()} />;
    const { draft } = story.data;
    const became = rowOutcome(intl, entry, outcome);
    return (
      <ol className="withdrawal-story">
        {draft === null ? (
          <li>
            <FormattedMessage id="history.story.noDraft" />
          </li>
        ) : (
          <>
            <li>
              <FormattedMessage id="history.story.drafted" values={{ person: personOn(intl, draft.draftedBy, null, draft.draftedLogin), at: at(draft.draftedAt) }} />
            </li>
            {draft.decisions.map((decision, index) => (
              <li key={index}>
                <FormattedMessage
                  id={decision.reason ? 'history.story.decidedReason' : 'history.story.decided'}
                  values={{
                    decision: decision.decision,
                    person: personOn(intl, decision.decidedBy, null, decision.login),
                    at: at(decision.decidedAt),
                    reason: decision.reason ?? '',
                  }}
                />
              </li>
            ))}
          </>
        )}
        <li>
          <FormattedMessage
            id={entry.serviceStatus ? 'history.story.sentStatus' : 'history.story.sent'}
            values={{
              person: madeByWords(intl, entry),
              at: at(entry.sentAt ?? entry.createdAt),
              send: intl.formatMessage({ id: SEND_WORDS[entry.state] }),
              status: entry.serviceStatus ?? '',
            }}
          />
        </li>
        <li>
          <FormattedMessage id={became.reported ? 'history.story.became' : 'history.story.becameJournal'} values={{ words: became.words }} />
        </li>
      </ol>
    );
  };
  return (
    <section className="history-withdrawal-story" aria-label={title} data-testid="withdrawal-story">
      <h3>{title}</h3>
      {body()}
    </section>
  );
}
