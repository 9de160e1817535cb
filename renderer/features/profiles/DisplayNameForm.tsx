import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { identitySetRequest } from '../../../shared/ipc/identity.ts';
import type { IdentitySetRequest } from '../../../shared/ipc/identity.ts';
import { announce } from '../../components/announce.ts';
import { TextField } from '../../components/TextField.tsx';
import { appErrorOf, fieldErrorsOf } from '../../bridge.ts';
import { useSetDisplayName } from './use-identity.ts';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

type Props = {
  /** The computer's name, said beside the name in the question. */
  computer: string;
  /** The heading that names the form ("Your name in the journal"). */
  titleId: string;
  /** Offered at the first start: leave the name for later (the Profiles screen asks for it too). */
  onLater?: () => void;
  /** Whether the name field takes the focus as the form appears (the first start's dialog). */
  autoFocus?: boolean;
};

/**
 * Sets "Your name in the journal", deliberately: it is set once and names every entry for good, so
 * the name typed is asked back ("Set your name in the journal to "Ana Ruiz"?") before it is sent,
 * the safe answer (Change it) focused. A refusal from main lands on the field again.
 */
export function DisplayNameForm({ computer, titleId, onLater, autoFocus }: Props) {
  const intl = useIntl();
  const setName = useSetDisplayName();
  const form = useForm<IdentitySetRequest>({ resolver: zodResolver(identitySetRequest), defaultValues: { displayName: '' }, mode: 'onTouched' });
  const { errors } = form.formState;
  // The name awaiting the person's yes, or null while it is being typed.
  const [asking, setAsking] = useState<string | null>(null);
  const questionId = useId();
  const changeIt = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking !== null) changeIt.current?.focus();
  }, [asking]);

  const backToField = () => {
    setAsking(null);
    // The field is drawn again first; then it takes the focus.
    setTimeout(() => form.setFocus('displayName'), 0);
  };

  const confirm = async (name: string) => {
    try {
      const saved = await setName.mutateAsync(name);
      announce(intl.formatMessage({ id: 'profiles.identity.setAnnounce' }, { name: saved.displayName ?? name }));
    } catch (thrown) {
      const error = appErrorOf(thrown);
      setAsking(null);
      setTimeout(() => form.setError('displayName', { type: 'server', message: fieldErrorsOf(error)['displayName'] ?? error.message }, { shouldFocus: true }), 0);
    }
  };

  if (asking !== null) {
    return (
      <div className="display-name-confirm" role="group" aria-labelledby={questionId}>
        <p id={questionId}>
          <FormattedMessage id="profiles.identity.question" values={{ name: asking, computer, strong }} />
        </p>
        <div className="form-actions">
          <button type="button" className="button" ref={changeIt} onClick={backToField} disabled={setName.isPending}>
            <FormattedMessage id="profiles.identity.changeIt" />
          </button>
          <button type="button" className="button button-primary" onClick={() => void confirm(asking)} disabled={setName.isPending}>
            {setName.isPending ? <FormattedMessage id="profiles.identity.setting" /> : <FormattedMessage id="profiles.identity.yesSet" values={{ name: asking }} />}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form aria-labelledby={titleId} noValidate onSubmit={form.handleSubmit(({ displayName }) => setAsking(displayName))}>
      <TextField
        label={intl.formatMessage({ id: 'profiles.identity.yourName' })}
        autoComplete="name"
        autoFocus={autoFocus}
        hint={intl.formatMessage({ id: 'profiles.identity.setOnce' })}
        error={errors.displayName?.message}
        {...form.register('displayName')}
      />
      <div className="form-actions">
        {onLater && (
          <button type="button" className="button" onClick={onLater}>
            <FormattedMessage id="profiles.identity.notNow" />
          </button>
        )}
        <button type="submit" className="button button-primary">
          <FormattedMessage id="profiles.identity.setMyName" />
        </button>
      </div>
    </form>
  );
}
