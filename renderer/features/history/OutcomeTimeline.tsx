import { FormattedMessage, useIntl } from 'react-intl';
import { wordOutcome } from '../../../shared/api/outcome-words.ts';
import type { EntryOutcome, OutcomeSource } from '../../../shared/ipc/index.ts';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DepositList } from '../../components/DepositList.tsx';
import { SPACE } from '../../components/locale.ts';
import { ReceiverNotice } from '../../components/outcomes/ReceiverNotice.tsx';
import type { ToldByCallbacks } from '../../components/outcomes/receiver-notice-words.ts';
import { EntryTime } from './EntryTime.tsx';
import { OutcomeBadge } from './OutcomeBadge.tsx';

/**
 * What became of an invoice or an exchange, step by step, as the service reported it by callback:
 * every callback the receiver kept, in order, with the payments' hashes and what is left to pay.
 * For a deposit address, every deposit into it first, then the callbacks of them all.
 * With no receiver, or one that could not be read, it says so and where to set it up (ReceiverNotice).
 */
export function OutcomeTimeline({ outcome, source, what }: { outcome: EntryOutcome | undefined; source: OutcomeSource | null; what: ToldByCallbacks }) {
  const intl = useIntl();
  const title = (
    <h3 id="outcome-title">
      <FormattedMessage id="history.timeline.title" />
    </h3>
  );
  if (outcome === undefined) {
    return (
      <section className="outcome-timeline" aria-labelledby="outcome-title" data-testid="outcome-timeline">
        {title}
        {source?.kind === 'receiver' || source === null ? (
          <p className="muted">
            <FormattedMessage id={source === null ? 'history.timeline.asking' : 'history.timeline.nothingYet'} />
          </p>
        ) : (
          <ReceiverNotice source={source} what={what} />
        )}
      </section>
    );
  }
  return (
    <section className="outcome-timeline" aria-labelledby="outcome-title" data-testid="outcome-timeline">
      {title}
      {/* What was read before the receiver went away: shown, with why nothing newer can be. */}
      <ReceiverNotice source={source} what={what} />
      <p>
        <OutcomeBadge step={outcome.current} />
        {!outcome.known && (
          <span className="muted">
            {SPACE}
            <FormattedMessage id="history.timeline.asReceived" />
          </span>
        )}
      </p>
      {outcome.deposits.length > 0 && <DepositList deposits={outcome.deposits} />}
      <ol className="outcome-steps">
        {outcome.timeline.map((step, index) => (
          <li key={`${step.at}-${index}`} data-testid="outcome-step" data-status={step.status} data-origin={step.origin}>
            {/* Polled: with no receiver to read, main asked the service itself (outcome-poller.ts). */}
            {step.origin === 'polled' ? (
              <FormattedMessage id="history.timeline.polled" values={{ words: wordOutcome(intl, step.words), at: <EntryTime value={step.at} /> }} />
            ) : step.amount !== null ? (
              <FormattedMessage
                id="history.timeline.stepAmount"
                values={{ at: <EntryTime value={step.at} />, amount: step.amount, words: wordOutcome(intl, step.words), strong: (chunks) => <strong>{chunks}</strong> }}
              />
            ) : (
              <FormattedMessage id="history.timeline.step" values={{ at: <EntryTime value={step.at} />, words: wordOutcome(intl, step.words) }} />
            )}
            {step.leftToPay !== null && (
              <span>
                {SPACE}
                <FormattedMessage id="history.timeline.leftToPay" values={{ leftToPay: step.leftToPay }} />
              </span>
            )}
            {step.txids.map((txid) => (
              <span key={txid} className="outcome-txid">
                {SPACE}
                <FormattedMessage
                  id="history.timeline.txid"
                  values={{ hash: <CopyableText value={txid} what={intl.formatMessage({ id: 'history.facts.copy.txid' })} /> }}
                />
              </span>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
