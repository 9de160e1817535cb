import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { PayoutProblemView } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { wordRule } from '../../../shared/i18n/index.ts';
import { checkPayoutCsv } from '../../../shared/withdrawals/index.ts';
import type { PayoutCheck } from '../../../shared/withdrawals/index.ts';
import { appErrorOf } from '../../bridge.ts';
import { announce } from '../../components/announce.ts';
import { useBalances } from '../../components/balances/use-balances.ts';
import { SenderSection } from '../../components/sender/SenderSection.tsx';
import { BatchView } from './BatchView.tsx';
import { Heads, Totals } from './Totals.tsx';
import { ReceiverSection } from './ReceiverSection.tsx';
import { useBatch, useImportBatch } from './use-withdrawals.ts';
import type { PayoutParties, WithdrawalFormValues } from './withdrawal-form-schema.ts';
import { blankWithdrawalForm, payoutPartiesSchema } from './withdrawal-form-schema.ts';
import { useWithdrawalWords } from './withdrawal-words.ts';

type Problem = Pick<PayoutProblemView, 'row' | 'line' | 'field' | 'message'>;

/** Problems by row: every one at once, so a person mends the file in one go; a rule's message worded in the window's language. */
function ProblemTable({ caption, problems }: { caption: string; problems: readonly Problem[] }) {
  const WORDS = useWithdrawalWords();
  const intl = useIntl();
  return (
    <table className="payout-problems" data-testid="payout-problems">
      <caption>{caption}</caption>
      <Heads names={[WORDS.payout.row, WORDS.payout.line, WORDS.payout.field, WORDS.payout.message]} />
      <tbody>
        {problems.map((problem, index) => (
          <tr key={index}>
            <td>{problem.row ?? WORDS.payout.wholeFile}</td>
            <td>{problem.line ?? ''}</td>
            <td>{problem.field}</td>
            <td>{wordRule(intl, problem.message)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The back office's mass payout file (docs/withdrawals.md, "Payouts in bulk"): read in the
 * renderer, checked with the one checker main runs again (balances from the one balances cache),
 * drafted as one batch with the parties of the form's sections, then approved once.
 */
export function PayoutImport({ initial }: { initial?: WithdrawalFormValues }) {
  const id = useId();
  const WORDS = useWithdrawalWords();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [refused, setRefused] = useState<readonly PayoutProblemView[]>([]);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const balances = useBalances();
  const schema = useMemo(() => payoutPartiesSchema(), []);
  const form = useForm<WithdrawalFormValues, unknown, PayoutParties>({ resolver: zodResolver(schema), defaultValues: initial ?? blankWithdrawalForm(), mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as WithdrawalFormValues;
  const importBatch = useImportBatch();
  const batch = useBatch(batchId);

  const balanceMap = useMemo(
    () => (balances.data ? Object.fromEntries(balances.data.balances.map((balance) => [balance.currency, balance.balance])) : undefined),
    [balances.data],
  );
  const check: PayoutCheck | null = useMemo(() => (csv ? checkPayoutCsv(csv.text, balanceMap ? { balances: balanceMap } : {}) : null), [csv, balanceMap]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setRefused([]);
    setMade(null);
    setUnreadable(false);
    if (!file) return setCsv(null);
    try {
      setCsv({ name: file.name, text: await file.text() });
    } catch {
      setCsv(null);
      setUnreadable(true);
    }
  };

  const onSubmit = form.handleSubmit(async (parties) => {
    if (!csv || !check?.ok) return;
    setRefused([]);
    setMade(null);
    try {
      const answer = await importBatch.mutateAsync({ csv: csv.text, ...parties });
      if (answer.batch === null) return setRefused(answer.problems);
      const words = WORDS.payout.drafted(answer.batch.batchId, answer.batch.rows.length);
      setMade(words);
      announce(words);
      setBatchId(answer.batch.batchId);
    } catch (error) {
      form.setError('root.server', { message: appErrorOf(error).message });
    }
  });

  const shown = batch.data?.batch ?? null;
  return (
    <section className="panel payout-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{WORDS.payout.name}</h2>
      <p className="field-hint">{WORDS.payout.about}</p>
      <form aria-label={WORDS.payout.name} noValidate onSubmit={(event) => void onSubmit(event)}>
        <label className="field" htmlFor={`${id}-file`}>
          {WORDS.payout.file}
        </label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} />
        {unreadable && (
          <p className="form-error" role="alert">
            {WORDS.payout.unreadable}
          </p>
        )}
        {check && !check.ok && <ProblemTable caption={WORDS.payout.problemsHeading(check.problems.length)} problems={check.problems} />}
        {check?.ok && <Totals caption={WORDS.payout.totalsHeading(check.rows.length)} totals={check.totals} />}
        {refused.length > 0 && <ProblemTable caption={WORDS.payout.mainProblemsHeading} problems={refused} />}

        <SenderSection form={form} senderType={values.sender_type} about={WORDS.payout.senderAbout} leaveOut={null} />
        <ReceiverSection form={form} kind={values.receiver_type} />

        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={!check?.ok || importBatch.isPending}>
            {importBatch.isPending ? WORDS.payout.drafting : WORDS.payout.draft}
          </button>
          {form.formState.errors.root?.server?.message && (
            <p className="form-error" role="alert">
              {form.formState.errors.root.server.message}
            </p>
          )}
          <p role="status">{made}</p>
        </div>
      </form>
      {shown && <BatchView batch={shown} />}
    </section>
  );
}
