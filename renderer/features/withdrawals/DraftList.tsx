import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { WithdrawalDraft } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { Amount } from '../../components/Amount.tsx';
import { formatUtc } from '../../components/DateTime.tsx';
import { announce } from '../../components/announce.ts';
import { Empty, ErrorMessage, FailureAlert, Loading } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { addDecimals } from '../../../shared/money/index.ts';
import { BatchView } from './BatchView.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { useApproveWithdrawal, useBatch, useCheckWithdrawal, useDrafts, useRejectWithdrawal } from './use-withdrawals.ts';
import { STATE_IDS, whoWords } from './withdrawal-words.ts';

/** The table's columns, in order. */
const COLUMNS: readonly MessageId[] = [
  'withdrawals.list.amount',
  'withdrawals.list.address',
  'withdrawals.list.draftedBy',
  'withdrawals.list.state',
  'withdrawals.list.decisions',
  'withdrawals.list.expires',
  'withdrawals.list.actions',
];

/** A listed line: one draft, or every draft of one payout batch together. */
type Line = { kind: 'draft'; draft: WithdrawalDraft } | { kind: 'batch'; batchId: string; drafts: WithdrawalDraft[] };

/** The drafts in their order, a batch's drafts together where its first one is listed. */
function linesOf(drafts: readonly WithdrawalDraft[]): Line[] {
  const lines: Line[] = [];
  const batches = new Map<string, WithdrawalDraft[]>();
  for (const draft of drafts) {
    if (draft.batchId === null) {
      lines.push({ kind: 'draft', draft });
      continue;
    }
    const known = batches.get(draft.batchId);
    if (known) {
      known.push(draft);
      continue;
    }
    const members = [draft];
    batches.set(draft.batchId, members);
    lines.push({ kind: 'batch', batchId: draft.batchId, drafts: members });
  }
  return lines;
}

/**
 * The drafts of the active profile, newest first, with who drafted and decided each, and Approve or
 * Reject; a payout batch is one line, opened to read its rows and decide on it as a whole.
 */
export function DraftList() {
  const id = useId();
  const intl = useIntl();
  const drafts = useDrafts();
  const [opened, setOpened] = useState<string | null>(null);
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
        const words = !sent
          ? intl.formatMessage({ id: 'withdrawals.list.recorded' }, { id: draftId })
          : sent.status
            ? intl.formatMessage({ id: 'withdrawals.list.sentWithStatus' }, { id: draftId, status: sent.status })
            : intl.formatMessage({ id: 'withdrawals.list.sent' }, { id: draftId });
        setOutcome(words);
        announce(words);
      },
    });
  };
  const onReject = (draftId: number, reason: string) => {
    setOutcome(null);
    approve.reset();
    reject.mutate({ draftId, reason }, { onSuccess: () => setOutcome(intl.formatMessage({ id: 'withdrawals.list.rejectedNote' }, { id: draftId })) });
  };

  const body = () => {
    if (drafts.isPending) return <Loading what={intl.formatMessage({ id: 'withdrawals.list.loading' })} />;
    if (drafts.error) return <ErrorMessage error={appErrorOf(drafts.error)} retry={() => void drafts.refetch()} />;
    if (drafts.data.drafts.length === 0) return (
        <Empty>
          <FormattedMessage id="withdrawals.list.empty" />
        </Empty>
      );
    return (
      <table className="withdrawal-drafts">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                <FormattedMessage id={column} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {linesOf(drafts.data.drafts).map((line) =>
            line.kind === 'draft' ? (
              <DraftRow key={line.draft.id} draft={line.draft} busy={approve.isPending || reject.isPending || check.isPending} onApprove={onApprove} onReject={onReject} onCheck={onCheck} />
            ) : (
              <BatchLine key={line.batchId} batchId={line.batchId} drafts={line.drafts} opened={opened === line.batchId} onOpen={() => setOpened(line.batchId)} />
            ),
          )}
        </tbody>
      </table>
    );
  };

  return (
    <section className="withdrawal-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="withdrawals.list.heading" />
      </h2>
      <p role="status" data-testid="withdrawal-outcome">
        {outcome}
      </p>
      <FailureAlert error={approve.error} testId="approve-error" />
      <FailureAlert error={reject.error} testId="reject-error" />
      <FailureAlert error={check.error} testId="check-error" />
      {body()}
      {opened !== null && <OpenedBatch key={opened} batchId={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}

/** A payout batch in the list: its rows' count, totals, who drafted it, its rows' states, and Open. */
function BatchLine({ batchId, drafts, opened, onOpen }: { batchId: string; drafts: readonly WithdrawalDraft[]; opened: boolean; onOpen(): void }) {
  const intl = useIntl();
  const totals = new Map<string, string>();
  for (const draft of drafts) totals.set(draft.currency, addDecimals(totals.get(draft.currency) ?? '0', draft.amount));
  const states = new Map<WithdrawalDraft['state'], number>();
  for (const draft of drafts) states.set(draft.state, (states.get(draft.state) ?? 0) + 1);
  const drafters = [...new Set(drafts.map((draft) => whoWords(draft.draftedLogin, draft.draftedBy)))];
  const first = drafts[0];
  return (
    <tr data-testid={`withdrawal-batch-${batchId}`}>
      <td>
        {[...totals].map(([currency, total]) => (
          <div key={currency}>
            <Amount value={total} currency={currency} />
          </div>
        ))}
      </td>
      <td>
        <FormattedMessage id="withdrawals.batch.listed" values={{ batchId, rows: drafts.length }} />
      </td>
      <td>
        {drafters.join(', ')}
        {first && (
          <>
            <br />
            <span className="muted">{formatUtc(Date.parse(first.draftedAt))}</span>
          </>
        )}
      </td>
      <td>
        {[...states].map(([state, count]) => (
          <div key={state}>
            <FormattedMessage id="withdrawals.list.stateCount" values={{ state: intl.formatMessage({ id: STATE_IDS[state] }), count }} />
          </div>
        ))}
      </td>
      <td>
        <span className="muted">
          <FormattedMessage id="withdrawals.batch.decisionsInside" />
        </span>
      </td>
      <td>{first ? formatUtc(Date.parse(first.expiresAt)) : ''}</td>
      <td>
        <button type="button" className="button" aria-pressed={opened} onClick={onOpen} aria-label={intl.formatMessage({ id: 'withdrawals.batch.openLabel' }, { batchId })}>
          <FormattedMessage id="withdrawals.batch.open" />
        </button>
      </td>
    </tr>
  );
}

/** The batch opened from the list, as main answers it (each row's state from the journal's tries). */
function OpenedBatch({ batchId, onClose }: { batchId: string; onClose(): void }) {
  const intl = useIntl();
  const batch = useBatch(batchId);
  if (batch.isPending) return <Loading what={intl.formatMessage({ id: 'withdrawals.batch.loading' })} />;
  if (batch.error) return <ErrorMessage error={appErrorOf(batch.error)} retry={() => void batch.refetch()} />;
  return <BatchView batch={batch.data.batch} onClose={onClose} />;
}

type RowProps = {
  draft: WithdrawalDraft;
  busy: boolean;
  onApprove(draftId: number): void;
  onReject(draftId: number, reason: string): void;
  onCheck(draftId: number): void;
};

function DraftRow({ draft, busy, onApprove, onReject, onCheck }: RowProps) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
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
        <FormattedMessage id={STATE_IDS[draft.state]} />
        {open && draft.missing > 0 && (
          <>
            <br />
            <span className="muted">
              <FormattedMessage id="withdrawals.list.missing" values={{ count: draft.missing }} />
            </span>
          </>
        )}
      </td>
      <td>
        {draft.decisions.length === 0 ? (
          <span className="muted">
            <FormattedMessage id="withdrawals.list.noDecision" />
          </span>
        ) : (
          <ul className="withdrawal-decisions">
            {draft.decisions.map((decision, index) => (
              <li key={index}>
                <FormattedMessage
                  id={decision.reason ? 'withdrawals.list.decisionWithReason' : 'withdrawals.list.decision'}
                  values={{ decision: decision.decision, who: whoWords(decision.login, decision.decidedBy), at: formatUtc(Date.parse(decision.decidedAt)), reason: decision.reason ?? '' }}
                />
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{formatUtc(Date.parse(draft.expiresAt))}</td>
      <td>
        {draft.state === 'unknown' && (
          <button type="button" className="button" disabled={busy} onClick={() => onCheck(draft.id)} aria-label={intl.formatMessage({ id: 'withdrawals.list.checkLabel' }, { id: draft.id })}>
            <FormattedMessage id="withdrawals.list.check" />
          </button>
        )}
        {draft.state === 'unsent' && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => onApprove(draft.id)} aria-label={intl.formatMessage({ id: 'withdrawals.list.sendAgainLabel' }, { id: draft.id })}>
            <FormattedMessage id="withdrawals.list.sendAgain" />
          </button>
        )}
        {open && !asking && (
          <div className="form-actions">
            <button type="button" className="button button-primary" disabled={busy} onClick={() => onApprove(draft.id)} aria-label={intl.formatMessage({ id: 'withdrawals.list.approveLabel' }, { id: draft.id })}>
              <FormattedMessage id="withdrawals.list.approve" />
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setAsking(true)} aria-label={intl.formatMessage({ id: 'withdrawals.list.rejectLabel' }, { id: draft.id })}>
              <FormattedMessage id="withdrawals.list.reject" />
            </button>
          </div>
        )}
        {open && asking && (
          <ReasonForm
            name={intl.formatMessage({ id: 'withdrawals.list.rejectLabel' }, { id: draft.id })}
            question={intl.formatMessage({ id: 'withdrawals.list.rejectReason' })}
            confirm={intl.formatMessage({ id: 'withdrawals.list.rejectConfirm' })}
            busy={busy}
            onSubmit={(reason) => {
              onReject(draft.id, reason);
              setAsking(false);
            }}
            onCancel={() => setAsking(false)}
          />
        )}
      </td>
    </tr>
  );
}
