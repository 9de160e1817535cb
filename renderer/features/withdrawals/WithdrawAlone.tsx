import { useId } from 'react';
import { ErrorMessage, FailureAlert, Loading } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { useAlone, useSetAlone } from './use-withdrawals.ts';
import { useWithdrawalWords } from './withdrawal-words.ts';

/**
 * "Withdraw alone": without a team journal there is one person, who approves their own drafts only
 * once this is on (main asks them to confirm it in its own window). On a team journal another
 * person always approves, so the section only says so.
 */
export function WithdrawAlone() {
  const id = useId();
  const WORDS = useWithdrawalWords();
  const state = useAlone();
  const setAlone = useSetAlone();
  const alone = setAlone.data?.alone ?? state.data?.alone ?? null;
  return (
    <section className="panel withdraw-alone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{WORDS.alone.legend}</h2>
      {state.isPending ? (
        <Loading what={WORDS.alone.loading} />
      ) : state.isError ? (
        <ErrorMessage error={appErrorOf(state.error)} retry={() => void state.refetch()} />
      ) : state.data.teamJournal ? (
        <p className="field-hint" data-testid="withdraw-alone-team">
          {WORDS.alone.teamJournal}
        </p>
      ) : (
        <>
          <p className="field-hint">{WORDS.alone.about}</p>
          <div className="form-actions">
            <button type="button" className="button" disabled={setAlone.isPending || alone === true} onClick={() => setAlone.mutate(true)}>
              {WORDS.alone.on}
            </button>
            <button type="button" className="button" disabled={setAlone.isPending || alone === false} onClick={() => setAlone.mutate(false)}>
              {WORDS.alone.off}
            </button>
          </div>
          <p role="status" data-testid="withdraw-alone-state">
            {alone === null ? null : alone ? WORDS.alone.isOn : WORDS.alone.isOff}
          </p>
          <FailureAlert error={setAlone.error} testId="withdraw-alone-error" />
        </>
      )}
    </section>
  );
}
