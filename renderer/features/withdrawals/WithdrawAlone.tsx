import { useId } from 'react';
import { FailureAlert } from '../../components/States.tsx';
import { useSetAlone } from './use-withdrawals.ts';
import { WORDS } from './withdrawal-words.ts';

/**
 * "Withdraw alone": without a team journal there is one person, who approves their own drafts only
 * once this is on (main asks them to confirm it in its own window). Main refuses it on a team journal.
 */
export function WithdrawAlone() {
  const id = useId();
  const setAlone = useSetAlone();
  const alone = setAlone.data?.alone ?? null;
  return (
    <section className="panel withdraw-alone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{WORDS.alone.legend}</h2>
      <p className="field-hint">{WORDS.alone.about}</p>
      <div className="form-actions">
        <button type="button" className="button" disabled={setAlone.isPending} onClick={() => setAlone.mutate(true)}>
          {WORDS.alone.on}
        </button>
        <button type="button" className="button" disabled={setAlone.isPending} onClick={() => setAlone.mutate(false)}>
          {WORDS.alone.off}
        </button>
      </div>
      <p role="status" data-testid="withdraw-alone-state">
        {alone === null ? null : alone ? WORDS.alone.isOn : WORDS.alone.isOff}
      </p>
      <FailureAlert error={setAlone.error} testId="withdraw-alone-error" />
    </section>
  );
}
