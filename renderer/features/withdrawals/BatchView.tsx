import { Amount } from '../../components/Amount.tsx';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PayoutBatch } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { formatUtc } from '../../components/DateTime.tsx';
import { announce } from '../../components/announce.ts';
import { SPACE } from '../../components/locale.ts';
import { FailureAlert } from '../../components/States.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { Heads, Totals } from './Totals.tsx';
import { useApproveBatch, useDrafts, useRejectBatch } from './use-withdrawals.ts';
import { PAYOUT_ROW_IDS, useWithdrawalWords, whoWords } from './withdrawal-words.ts';

type Props = {
  batch: PayoutBatch;
  /** Shown with a Close button when the batch was opened from the drafts list. */
  onClose?: () => void;
};

/**
 * A drafted payout batch as a second person reads it before deciding: each row's destination,
 * amount and state, the totals per currency, who drafted it, and one approval for all of its rows
 * (main's dialog, then its paced sends) or one rejection, with the reason, of every row still open.
 */
export function BatchView({ batch, onClose }: Props) {
  const WORDS = useWithdrawalWords();
  const approve = useApproveBatch();
  const reject = useRejectBatch();
  const drafts = useDrafts();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  // Who drafted it and which rows are still open, from the drafts list (the batch's rows carry their states only).
  const ours = (drafts.data?.drafts ?? []).filter((draft) => draft.batchId === batch.batchId);
  const drafters = [...new Set(ours.map((draft) => whoWords(draft.draftedLogin, draft.draftedBy)))];
  const draftedAt = ours.map((draft) => draft.draftedAt).sort()[0];
  const open = ours.filter((draft) => draft.state === 'awaiting').map((draft) => draft.id);
  const heading = WORDS.payout.batchHeading(batch.batchId);

  const onReject = (reason: string) => {
    setOutcome(null);
    approve.reset();
    reject.mutate(
      { batchId: batch.batchId, draftIds: open, reason },
      {
        onSuccess: () => {
          const words = WORDS.batch.rejected(batch.batchId, open.length);
          setOutcome(words);
          announce(words);
          setAsking(false);
        },
      },
    );
  };

  return (
    <section className="payout-batch" aria-label={heading} data-testid="payout-batch">
      <div className="payout-batch-head">
        <h3>{heading}</h3>
        {onClose && (
          <button type="button" className="button" onClick={onClose}>
            {WORDS.batch.close}
          </button>
        )}
      </div>
      {drafters.length > 0 && (
        <p data-testid="payout-batch-drafted">
          {draftedAt ? (
            <FormattedMessage id="withdrawals.batch.draftedByAt" values={{ who: drafters.join(', '), at: formatUtc(Date.parse(draftedAt)) }} />
          ) : (
            <FormattedMessage id="withdrawals.batch.draftedBy" values={{ who: drafters.join(', ') }} />
          )}
        </p>
      )}
      <Totals caption={WORDS.payout.totalsHeading(batch.rows.length)} totals={batch.totals} />
      <table className="payout-rows" data-testid="payout-rows">
        <Heads names={[WORDS.payout.row, WORDS.payout.currency, WORDS.payout.amount, WORDS.payout.address, WORDS.batch.tag, WORDS.payout.state]} />
        <tbody>
          {batch.rows.map((row, index) => (
            <tr key={row.draftId} data-testid={`payout-row-${index + 1}`}>
              <td>{index + 1}</td>
              <td>{row.currency}</td>
              <td className="mono">
                <Amount value={row.amount} />
              </td>
              <td className="mono">{row.address}</td>
              <td className="mono">{row.tag ?? ''}</td>
              <td>
                <FormattedMessage id={PAYOUT_ROW_IDS[row.state]} />
                {row.state === 'waiting' && row.missing > 0 && (
                  <>
                    {SPACE}
                    <FormattedMessage id="withdrawals.batch.rowMissing" values={{ count: row.missing }} />
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field-hint">{WORDS.payout.approveAbout}</p>
      {!asking && (
        <div className="form-actions">
          <button type="button" className="button button-primary" disabled={approve.isPending || reject.isPending} onClick={() => approve.mutate(batch.batchId)}>
            {approve.isPending ? WORDS.payout.approving : WORDS.payout.approve}
          </button>
          {open.length > 0 && (
            <button type="button" className="button" disabled={approve.isPending || reject.isPending} onClick={() => setAsking(true)}>
              {WORDS.batch.reject}
            </button>
          )}
        </div>
      )}
      {asking && (
        <ReasonForm
          name={WORDS.batch.reject}
          question={WORDS.batch.rejectReason(open.length)}
          confirm={WORDS.batch.rejectConfirm}
          busy={reject.isPending}
          onSubmit={onReject}
          onCancel={() => setAsking(false)}
        />
      )}
      <p role="status">{batch.sending ? WORDS.payout.sending(batch.sendsPerSecond) : outcome}</p>
      <FailureAlert error={approve.error} testId="payout-approve-error" />
      <FailureAlert error={reject.error} testId="payout-reject-error" />
    </section>
  );
}
