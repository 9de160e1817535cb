import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { ruleMessage } from '../../../shared/i18n/index.ts';
import { withdrawalPolicyTerms } from '../../../shared/ipc/capabilities/withdrawals.ts';
import type { WithdrawalPolicy, WithdrawalPolicyTerms } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { DEFAULT_DRAFT_LIFETIME_MS } from '../../../shared/withdrawals/index.ts';
import { appErrorOf } from '../../bridge.ts';
import { announce } from '../../components/announce.ts';
import { formatUtc } from '../../components/DateTime.tsx';
import { FieldFrame, useFieldIds } from '../../components/FieldFrame.tsx';
import { ErrorMessage, FailureAlert, Loading } from '../../components/States.tsx';
import { ReasonForm } from './ReasonForm.tsx';
import { useAlone, useDecidePolicy, usePolicies, useProposePolicy } from './use-withdrawals.ts';
import { useWithdrawalWords, whoWords } from './withdrawal-words.ts';

/**
 * The approval policy of the active profile's merchant account (docs/withdrawals.md, "The approval
 * policy"): the one in force, the proposals waiting for another person's approval with Approve
 * (main's dialog) and Reject (with the reason), and the form that proposes a change. Policies live
 * in a team journal: without one, the profile has one person and the panel says so.
 */
export function PolicyPanel() {
  const id = useId();
  const W = useWithdrawalWords().policy;
  const alone = useAlone();
  const team = alone.data?.teamJournal === true;
  const policies = usePolicies(team);

  const body = () => {
    if (alone.isPending) return <Loading what={W.loading} />;
    if (alone.isError) return <ErrorMessage error={appErrorOf(alone.error)} retry={() => void alone.refetch()} />;
    if (!team) {
      return (
        <p className="field-hint" data-testid="policy-no-team">
          {W.noTeam}
        </p>
      );
    }
    if (policies.isPending) return <Loading what={W.loading} />;
    if (policies.isError) return <ErrorMessage error={appErrorOf(policies.error)} retry={() => void policies.refetch()} />;
    const { inForce, policies: all } = policies.data;
    const pending = all.filter((policy) => policy.state === 'proposed');
    const earlier = all.filter((policy) => policy.state !== 'proposed' && policy.id !== inForce?.id);
    return (
      <>
        <h3>{W.inForce}</h3>
        <div data-testid="policy-in-force">{inForce ? <Terms policy={inForce} /> : <p>{W.defaultPolicy}</p>}</div>
        <h3>{W.pending}</h3>
        {pending.length === 0 ? <p className="muted">{W.noPending}</p> : pending.map((policy) => <Proposal key={policy.id} policy={policy} />)}
        {earlier.length > 0 && (
          <details className="policy-earlier">
            <summary>{W.earlier}</summary>
            <ul>
              {earlier.map((policy) => (
                <li key={policy.id} data-testid={`policy-${policy.id}`}>
                  <FormattedMessage id="withdrawals.policy.earlierEntry" values={{ state: W.state[policy.state], terms: <Terms policy={policy} /> }} />
                </li>
              ))}
            </ul>
          </details>
        )}
        <ProposeForm />
      </>
    );
  };

  return (
    <section className="panel withdrawal-policy" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{W.name}</h2>
      <p className="field-hint">{W.about}</p>
      {body()}
    </section>
  );
}

/** What a policy asks, in words, with who proposed it and when. */
function Terms({ policy }: { policy: WithdrawalPolicy }) {
  const W = useWithdrawalWords().policy;
  return (
    <ul className="policy-terms">
      <li>{W.approvals(policy.approvalsNeeded)}</li>
      <li>{policy.threshold ? W.threshold(policy.threshold.amount, policy.threshold.currency, policy.threshold.approvals) : W.noThreshold}</li>
      <li>{policy.approvers ? W.approvers(policy.approvers.join(', ')) : W.anyApprover}</li>
      <li>{W.lifetime(Math.round((policy.draftLifetimeMs ?? DEFAULT_DRAFT_LIFETIME_MS) / 3_600_000))}</li>
      <li className="muted">{W.proposedBy(whoWords(policy.proposedLogin, policy.proposedBy), formatUtc(Date.parse(policy.proposedAt)))}</li>
    </ul>
  );
}

/** A proposal waiting for another person: Approve (main asks in its own window) or Reject (says why). */
function Proposal({ policy }: { policy: WithdrawalPolicy }) {
  const W = useWithdrawalWords().policy;
  const decide = useDecidePolicy();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const done = (words: string) => {
    setOutcome(words);
    announce(words);
  };
  return (
    <div className="policy-proposal" data-testid={`policy-proposal-${policy.id}`}>
      <Terms policy={policy} />
      {!asking && (
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ policyId: policy.id, decision: 'approve' }, { onSuccess: () => done(W.approvedNote(policy.id)) })}
          >
            {W.approve}
          </button>
          <button type="button" className="button" disabled={decide.isPending} onClick={() => setAsking(true)}>
            {W.reject}
          </button>
        </div>
      )}
      {asking && (
        <ReasonForm
          name={W.reject}
          question={W.rejectReason}
          confirm={W.rejectConfirm}
          busy={decide.isPending}
          onSubmit={(reason) => {
            decide.mutate({ policyId: policy.id, decision: 'reject', reason }, { onSuccess: () => done(W.rejectedNote(policy.id)) });
            setAsking(false);
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      <p role="status">{outcome}</p>
      <FailureAlert error={decide.error} testId="policy-decide-error" />
    </div>
  );
}

type Fields = { approvalsNeeded: string; currency: string; amount: string; approvals: string; approvers: string; lifetimeHours: string };
type FieldName = keyof Fields;

/** The form's own rule for a threshold given in part, worded where the field shows it (FieldFrame). */
const THRESHOLD_INCOMPLETE = ruleMessage('withdrawals.policy.thresholdIncomplete');

const BLANK: Fields = { approvalsNeeded: '1', currency: '', amount: '', approvals: '2', approvers: '', lifetimeHours: '' };

/**
 * The form's text read as the terms main takes, checked by the contract's own schema (main checks
 * them again): an error per field, or the terms.
 */
export function readPolicyForm(fields: Fields): { terms: WithdrawalPolicyTerms } | { errors: Partial<Record<FieldName, string>> } {
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const anyThreshold = fields.currency.trim() !== '' || fields.amount.trim() !== '';
  if (anyThreshold && (fields.currency.trim() === '' || fields.amount.trim() === '')) {
    return { errors: fields.currency.trim() === '' ? { currency: THRESHOLD_INCOMPLETE } : { amount: THRESHOLD_INCOMPLETE } };
  }
  const approvers = fields.approvers
    .split(',')
    .map((login) => login.trim())
    .filter((login) => login !== '');
  const input = {
    approvalsNeeded: whole(fields.approvalsNeeded),
    ...(anyThreshold ? { threshold: { currency: fields.currency.trim().toUpperCase(), amount: fields.amount.trim(), approvals: whole(fields.approvals) } } : {}),
    ...(approvers.length > 0 ? { approvers } : {}),
    ...(fields.lifetimeHours.trim() === '' ? {} : { draftLifetimeHours: whole(fields.lifetimeHours) }),
  };
  const parsed = withdrawalPolicyTerms.safeParse(input);
  if (parsed.success) return { terms: parsed.data };
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field: FieldName =
      first === 'threshold' ? (second === 'currency' ? 'currency' : second === 'amount' ? 'amount' : 'approvals') : first === 'approvers' ? 'approvers' : first === 'draftLifetimeHours' ? 'lifetimeHours' : 'approvalsNeeded';
    errors[field] ??= issue.code === 'invalid_type' || issue.code === 'too_small' || issue.code === 'too_big' ? numberWords(field, issue.message) : issue.message;
  }
  return { errors };
}

/** A count out of range, as the form's own rule worded where the field shows it; other messages (the amount's, the currency's) are the schema's own. */
function numberWords(field: FieldName, message: string): string {
  if (field === 'approvalsNeeded' || field === 'approvals') return ruleMessage('withdrawals.policy.approvalsRange');
  if (field === 'approvers') return ruleMessage('withdrawals.policy.approversRange');
  if (field === 'lifetimeHours') return ruleMessage('withdrawals.policy.lifetimeRange');
  return message;
}

function ProposeForm() {
  const id = useId();
  const W = useWithdrawalWords().policy;
  const propose = useProposePolicy();
  const [fields, setFields] = useState<Fields>(BLANK);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [made, setMade] = useState<string | null>(null);
  const ids = {
    approvalsNeeded: useFieldIds(W.approvalsNeededHint, errors.approvalsNeeded),
    currency: useFieldIds(undefined, errors.currency),
    amount: useFieldIds(undefined, errors.amount),
    approvals: useFieldIds(undefined, errors.approvals),
    approvers: useFieldIds(W.approversHint, errors.approvers),
    lifetimeHours: useFieldIds(W.lifetimeHint, errors.lifetimeHours),
  };
  const input = (name: FieldName, extra: { inputMode?: 'numeric' | 'decimal' } = {}) => (
    <input
      {...ids[name].control}
      {...extra}
      type="text"
      autoComplete="off"
      value={fields[name]}
      onChange={(event) => setFields((now) => ({ ...now, [name]: event.target.value }))}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMade(null);
    const read = readPolicyForm(fields);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    propose.mutate(read.terms, {
      onSuccess: ({ policy }) => {
        const words = W.proposed(policy.id);
        setMade(words);
        announce(words);
        setFields(BLANK);
      },
    });
  };

  return (
    <form className="policy-form" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
      <h3 id={`${id}-title`}>{W.propose}</h3>
      <FieldFrame ids={ids.approvalsNeeded} label={W.approvalsNeeded} hint={W.approvalsNeededHint}>
        {input('approvalsNeeded', { inputMode: 'numeric' })}
      </FieldFrame>
      <fieldset>
        <legend>{W.thresholdLegend}</legend>
        <FieldFrame ids={ids.currency} label={W.thresholdCurrency}>
          {input('currency')}
        </FieldFrame>
        <FieldFrame ids={ids.amount} label={W.thresholdAmount}>
          {input('amount', { inputMode: 'decimal' })}
        </FieldFrame>
        <FieldFrame ids={ids.approvals} label={W.thresholdApprovals}>
          {input('approvals', { inputMode: 'numeric' })}
        </FieldFrame>
      </fieldset>
      <FieldFrame ids={ids.approvers} label={W.approversLabel} hint={W.approversHint}>
        {input('approvers')}
      </FieldFrame>
      <FieldFrame ids={ids.lifetimeHours} label={W.lifetimeLabel} hint={W.lifetimeHint}>
        {input('lifetimeHours', { inputMode: 'numeric' })}
      </FieldFrame>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={propose.isPending}>
          {propose.isPending ? W.submitting : W.submit}
        </button>
      </div>
      <p role="status">{made}</p>
      <FailureAlert error={propose.error} testId="policy-propose-error" />
    </form>
  );
}
