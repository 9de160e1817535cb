import type { ReactNode } from 'react';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { Amount } from '../../components/Amount.tsx';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { formatDuration, OPERATION_WORDS, STATE_WORDS } from './journal-words.ts';
import { madeByWords, unnamedReason } from './person-words.ts';
import { StateBadge } from './StateBadge.tsx';

const none = <span className="muted">none</span>;

function Fact({ term, testId, children }: { term: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** An id to read out or paste into the back office, with its copy button. */
function Id({ value, what, testId }: { value: string | null; what: string; testId: string }) {
  return value === null ? none : <CopyableText value={value} what={what} testId={testId} />;
}

/** The journal's sent mark in words (shared/submission/outcome.ts): whether the request may have left. */
function sentFact(entry: JournalEntry): ReactNode {
  if (entry.sentAt !== null) return <DateTime value={entry.sentAt} />;
  return <span className="muted">{entry.state === 'pending' ? 'not yet' : 'never: nothing left this computer'}</span>;
}

/** Every field the journal recorded for an entry. */
export function EntryFacts({ entry }: { entry: JournalEntry }) {
  return (
    <dl className="history-facts">
      <Fact term="Recorded">
        <DateTime value={entry.createdAt} />
      </Fact>
      <Fact term="Last change">
        <DateTime value={entry.updatedAt} />
      </Fact>
      <Fact term="Made by" testId="detail-made-by">
        {madeByWords(entry)}
        {unnamedReason(entry) !== null && <span className="muted"> ({unnamedReason(entry)})</span>}
      </Fact>
      <Fact term="Operation">{OPERATION_WORDS[entry.operation]}</Fact>
      <Fact term="State" testId="detail-state">
        <StateBadge state={entry.state} /> <span className="muted">{STATE_WORDS[entry.state].meaning}</span>
      </Fact>
      <Fact term="Foreign id">
        <Id value={entry.foreignId} what="foreign id" testId="detail-foreign-id" />
      </Fact>
      <Fact term="Service id">
        <Id value={entry.serviceId} what="service id" testId="detail-service-id" />
      </Fact>
      <Fact term="Service status" testId="detail-service-status">
        {entry.serviceStatus ?? none}
      </Fact>
      <Fact term="Title">{entry.title ?? none}</Fact>
      <Fact term="End user reference">{entry.endUserReference === null ? none : <span className="mono">{entry.endUserReference}</span>}</Fact>
      <Fact term="Amount" testId="detail-amount">
        {entry.amount === null ? none : <Amount value={entry.amount} currency={entry.currency} />}
      </Fact>
      {entry.operation === 'addresses.take' && (
        <Fact term="Deposit address">
          <Id value={entry.address} what="deposit address" testId="detail-address" />
        </Fact>
      )}
      {entry.operation === 'transactions.lookup' && (
        <Fact term="Transaction hashes" testId="detail-txids">
          {entry.txids.length === 0
            ? none
            : entry.txids.map((txid) => (
                <span key={txid} className="history-txid">
                  <CopyableText value={txid} what="transaction hash" />
                </span>
              ))}
        </Fact>
      )}
      {entry.operation !== 'transactions.lookup' && <Fact term="Sent" testId="detail-sent">{sentFact(entry)}</Fact>}
      <Fact term="Answered by" testId="detail-origin">
        {entry.origin === null ? <span className="muted">not recorded</span> : <span className="mono">{entry.origin}</span>}
      </Fact>
      <Fact term="HTTP status" testId="detail-http-status">
        {entry.httpStatus ?? <span className="muted">no answer</span>}
      </Fact>
      <Fact term="Duration" testId="detail-duration">
        {entry.durationMs === null ? none : formatDuration(entry.durationMs)}
      </Fact>
      <Fact term="Profile">{entry.profileName}</Fact>
      <Fact term="Journal entry">
        <span className="mono">{entry.id}</span>
      </Fact>
    </dl>
  );
}
