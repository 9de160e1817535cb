import type { EntryOutcome, OutcomeSource } from '../../../shared/ipc/index.ts';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { DepositList } from '../../components/DepositList.tsx';
import { ReceiverNotice } from '../../components/outcomes/ReceiverNotice.tsx';
import type { ToldByCallbacks } from '../../components/outcomes/receiver-notice-words.ts';
import { OutcomeBadge } from './OutcomeBadge.tsx';

/**
 * What became of an invoice or an exchange, step by step, as the service reported it by callback:
 * every callback the receiver kept, in order, with the payments' hashes and what is left to pay.
 * For a deposit address, every deposit into it first, then the callbacks of them all.
 * With no receiver, or one that could not be read, it says so and where to set it up (ReceiverNotice).
 */
export function OutcomeTimeline({ outcome, source, what }: { outcome: EntryOutcome | undefined; source: OutcomeSource | null; what: ToldByCallbacks }) {
  if (outcome === undefined) {
    return (
      <section className="outcome-timeline" aria-labelledby="outcome-title" data-testid="outcome-timeline">
        <h3 id="outcome-title">What became of it</h3>
        {source?.kind === 'receiver' || source === null ? <p className="muted">{noOutcomeWords(source)}</p> : <ReceiverNotice source={source} what={what} />}
      </section>
    );
  }
  return (
    <section className="outcome-timeline" aria-labelledby="outcome-title" data-testid="outcome-timeline">
      <h3 id="outcome-title">What became of it</h3>
      {/* What was read before the receiver went away: shown, with why nothing newer can be. */}
      <ReceiverNotice source={source} what={what} />
      <p>
        <OutcomeBadge step={outcome.current} />
        {!outcome.known && <span className="muted"> Shown as received: check it in the back office.</span>}
      </p>
      {outcome.deposits.length > 0 && <DepositList deposits={outcome.deposits} />}
      <ol className="outcome-steps">
        {outcome.timeline.map((step, index) => (
          <li key={`${step.at}-${index}`} data-testid="outcome-step" data-status={step.status} data-origin={step.origin}>
            {/* Polled: with no receiver to read, main asked the service itself (outcome-poller.ts). */}
            {step.origin === 'polled' ? (
              <>
                {step.words}, checked with the service at <DateTime value={step.at} />
              </>
            ) : (
              <>
                <DateTime value={step.at} />: {step.amount !== null && <strong>{step.amount} </strong>}
                {step.words}
              </>
            )}
            {step.leftToPay !== null && <span> ({step.leftToPay} left to pay)</span>}
            {step.txids.map((txid) => (
              <span key={txid} className="outcome-txid">
                {' '}
                txid <CopyableText value={txid} what="transaction hash" />
              </span>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

function noOutcomeWords(source: OutcomeSource | null): string {
  if (source === null) return 'Asking the receiver…';
  return 'Nothing reported yet: the service has not called back about it.';
}
