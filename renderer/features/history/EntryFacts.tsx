import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { Amount } from '../../components/Amount.tsx';
import { CopyableText } from '../../components/CopyableText.tsx';
import { SPACE } from '../../components/locale.ts';
import { EntryTime } from './EntryTime.tsx';
import { formatDuration, OPERATION_WORDS, STATE_WORDS } from './journal-words.ts';
import { madeByWords, unnamedReason } from './person-words.ts';
import { StateBadge } from './StateBadge.tsx';

const none = (
  <span className="muted">
    <FormattedMessage id="history.facts.none" />
  </span>
);

const muted = (id: MessageId) => (
  <span className="muted">
    <FormattedMessage id={id} />
  </span>
);

function Fact({ termId, testId, children }: { termId: MessageId; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <FormattedMessage id={termId} />
      </dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** An id to read out or paste into the back office, with its copy button. */
function Id({ value, whatId, testId }: { value: string | null; whatId: MessageId; testId: string }) {
  const intl = useIntl();
  return value === null ? none : <CopyableText value={value} what={intl.formatMessage({ id: whatId })} testId={testId} />;
}

/** The journal's sent mark in words (shared/submission/outcome.ts): whether the request may have left. */
function sentFact(entry: JournalEntry): ReactNode {
  if (entry.sentAt !== null) return <EntryTime value={entry.sentAt} />;
  return muted(entry.state === 'pending' ? 'history.facts.notYet' : 'history.facts.never');
}

/** Every field the journal recorded for an entry. */
export function EntryFacts({ entry }: { entry: JournalEntry }) {
  const intl = useIntl();
  const unnamed = unnamedReason(intl, entry);
  return (
    <dl className="history-facts">
      <Fact termId="history.facts.recorded">
        <EntryTime value={entry.createdAt} />
      </Fact>
      <Fact termId="history.facts.lastChange">
        <EntryTime value={entry.updatedAt} />
      </Fact>
      <Fact termId="history.facts.madeBy" testId="detail-made-by">
        {madeByWords(intl, entry)}
        {unnamed !== null && (
          <span className="muted">
            {SPACE}
            <FormattedMessage id="history.facts.why" values={{ reason: unnamed }} />
          </span>
        )}
      </Fact>
      <Fact termId="history.facts.operation">
        <FormattedMessage id={OPERATION_WORDS[entry.operation]} />
      </Fact>
      <Fact termId="history.facts.state" testId="detail-state">
        <StateBadge state={entry.state} />
        {SPACE}
        {muted(STATE_WORDS[entry.state].meaning)}
      </Fact>
      <Fact termId="history.facts.foreignId">
        <Id value={entry.foreignId} whatId="history.facts.copy.foreignId" testId="detail-foreign-id" />
      </Fact>
      <Fact termId="history.facts.serviceId">
        <Id value={entry.serviceId} whatId="history.facts.copy.serviceId" testId="detail-service-id" />
      </Fact>
      <Fact termId="history.facts.serviceStatus" testId="detail-service-status">
        {entry.serviceStatus ?? none}
      </Fact>
      <Fact termId="history.facts.title">{entry.title ?? none}</Fact>
      <Fact termId="history.facts.endUserReference">{entry.endUserReference === null ? none : <span className="mono">{entry.endUserReference}</span>}</Fact>
      <Fact termId="history.facts.amount" testId="detail-amount">
        {entry.amount === null ? none : <Amount value={entry.amount} currency={entry.currency} />}
      </Fact>
      {entry.operation === 'addresses.take' && (
        <Fact termId="history.facts.address">
          <Id value={entry.address} whatId="history.facts.copy.address" testId="detail-address" />
        </Fact>
      )}
      {entry.operation === 'transactions.lookup' && (
        <Fact termId="history.facts.txids" testId="detail-txids">
          {entry.txids.length === 0
            ? none
            : entry.txids.map((txid) => (
                <span key={txid} className="history-txid">
                  <CopyableText value={txid} what={intl.formatMessage({ id: 'history.facts.copy.txid' })} />
                </span>
              ))}
        </Fact>
      )}
      {entry.operation !== 'transactions.lookup' && (
        <Fact termId="history.facts.sent" testId="detail-sent">
          {sentFact(entry)}
        </Fact>
      )}
      <Fact termId="history.facts.answeredBy" testId="detail-origin">
        {entry.origin === null ? muted('history.facts.notRecorded') : <span className="mono">{entry.origin}</span>}
      </Fact>
      <Fact termId="history.facts.httpStatus" testId="detail-http-status">
        {entry.httpStatus ?? muted('history.facts.noAnswer')}
      </Fact>
      <Fact termId="history.facts.duration" testId="detail-duration">
        {entry.durationMs === null ? none : formatDuration(entry.durationMs)}
      </Fact>
      <Fact termId="history.facts.profile">{entry.profileName}</Fact>
      <Fact termId="history.facts.journalEntry">
        <span className="mono">{entry.id}</span>
      </Fact>
    </dl>
  );
}
