import { useId, useState } from 'react';
import type { WithdrawalDraft } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { Amount } from '../../components/Amount.tsx';
import { formatUtc } from '../../components/DateTime.tsx';
import { announce } from '../../components/announce.ts';
import { Empty, ErrorMessage, FailureAlert, Loading } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { useApproveWithdrawal, useCheckWithdrawal, useDrafts, useRejectWithdrawal } from './use-withdrawals.ts';
import { STATE_WORDS, WORDS, whoWords } from './withdrawal-words.ts';

/** The drafts of the active profile, newest first, with who drafted and decided each, and Approve or Reject. */
export function DraftList() {
  const id = useId();
  const drafts = useDrafts();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const check = useCheckWithdrawal();
  const [outcome, setOutcome] = useState<string | null>(null);

  const onCheck = (draftId: number) => {
    setOutcome(null);
    check.mutate(draftId, {
      onSuccess: ({ message }) => {
        setOutcome(message);
        announce(message);
      },
    });
  };

  const onApprove = (draftId: number) => {
    setOutcome(null);
    reject.reset();
    approve.mutate(draftId, {
      onSuccess: ({ sent }) => {
        const words = sent ? WORDS.list.sent(draftId, sent.status) : WORDS.list.recorded(draftId);
        setOutcome(words);
        announce(words);
      },
    });
  };
  const onReject = (draftId: number, reason: string) => {
    setOutcome(null);
    approve.reset();
    reject.mutate({ draftId, reason }, { onSuccess: () => setOutcome(WORDS.list.rejectedNote(draftId)) });
  };

  const body = () => {
    if (drafts.isPending) return <Loading what={WORDS.list.loading} />;
    if (drafts.error) return <ErrorMessage error={appErrorOf(drafts.error)} retry={() => void drafts.refetch()} />;
    if (drafts.data.drafts.length === 0) return <Empty>{WORDS.list.empty}</Empty>;
    return (
      <table className="withdrawal-drafts">
        <thead>
          <tr>
            <th scope="col">{WORDS.list.amount}</th>
            <th scope="col">{WORDS.list.address}</th>
            <th scope="col">{WORDS.list.draftedBy}</th>
            <th scope="col">{WORDS.list.state}</th>
            <th scope="col">{WORDS.list.decisions}</th>
            <th scope="col">{WORDS.list.expires}</th>
            <th scope="col">{WORDS.list.actions}</th>
          </tr>
        </thead>
        <tbody>
          {drafts.data.drafts.map((draft) => (
            <DraftRow key={draft.id} draft={draft} busy={approve.isPending || reject.isPending || check.isPending} onApprove={onApprove} onReject={onReject} onCheck={onCheck} />
          ))}
        </tbody>
      </table>
    );
  };

  return (
    <section className="withdrawal-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{WORDS.list.heading}</h2>
      <p role="status" data-testid="withdrawal-outcome">
        {outcome}
      </p>
      <FailureAlert error={approve.error} testId="approve-error" />
      <FailureAlert error={reject.error} testId="reject-error" />
      <FailureAlert error={check.error} testId="check-error" />
      {body()}
    </section>
  );
}

type RowProps = {
  draft: WithdrawalDraft;
  busy: boolean;
  onApprove(draftId: number): void;
  onReject(draftId: number, reason: string): void;
  onCheck(draftId: number): void;
};

function DraftRow({ draft, busy, onApprove, onReject, onCheck }: RowProps) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const open = draft.state === 'awaiting';
  return (
    <tr data-testid={`withdrawal-draft-${draft.id}`}>
      <td>
        <Amount value={draft.amount} currency={draft.currency} />
      </td>
      <td className="mono withdrawal-address">{draft.address}</td>
      <td>
        {whoWords(draft.draftedLogin, draft.draftedBy)}
        <br />
        <span className="muted">{formatUtc(Date.parse(draft.draftedAt))}</span>
      </td>
      <td>
        {STATE_WORDS[draft.state]}
        {open && draft.missing > 0 && (
          <>
            <br />
            <span className="muted">{WORDS.list.missing(draft.missing)}</span>
          </>
        )}
      </td>
      <td>
        {draft.decisions.length === 0 ? (
          <span className="muted">{WORDS.list.noDecision}</span>
        ) : (
          <ul className="withdrawal-decisions">
            {draft.decisions.map((decision, index) => (
              <li key={index}>
                {decision.decision === 'approve' ? WORDS.list.approved : WORDS.list.rejected} by {whoWords(decision.login, decision.decidedBy)}, {formatUtc(Date.parse(decision.decidedAt))}
                {decision.reason ? `: ${decision.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{formatUtc(Date.parse(draft.expiresAt))}</td>
      <td>
        {draft.state === 'unknown' && (
          <button type="button" className="button" disabled={busy} onClick={() => onCheck(draft.id)} aria-label={`${WORDS.list.check}: draft ${draft.id}`}>
            {WORDS.list.check}
          </button>
        )}
        {draft.state === 'unsent' && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => onApprove(draft.id)} aria-label={`${WORDS.list.sendAgain}: draft ${draft.id}`}>
            {WORDS.list.sendAgain}
          </button>
        )}
        {open && !asking && (
          <div className="form-actions">
            <button type="button" className="button button-primary" disabled={busy} onClick={() => onApprove(draft.id)} aria-label={`${WORDS.list.approve} draft ${draft.id}`}>
              {WORDS.list.approve}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setAsking(true)} aria-label={`${WORDS.list.reject} draft ${draft.id}`}>
              {WORDS.list.reject}
            </button>
          </div>
        )}
        {open && asking && (
          <form
            className="withdrawal-reject"
            aria-label={`${WORDS.list.reject} draft ${draft.id}`}
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim() === '') return;
              onReject(draft.id, reason.trim());
              setAsking(false);
            }}
          >
            <label htmlFor={`${id}-reason`}>{WORDS.list.rejectReason}</label>
            <textarea id={`${id}-reason`} value={reason} required maxLength={2000} onChange={(event) => setReason(event.target.value)} />
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy || reason.trim() === ''}>
                {WORDS.list.rejectConfirm}
              </button>
              <button type="button" className="button" onClick={() => setAsking(false)}>
                {WORDS.list.cancel}
              </button>
            </div>
          </form>
        )}
      </td>
    </tr>
  );
}
