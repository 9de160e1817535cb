import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { identitySetRequest } from '../../../shared/ipc/identity.ts';
import type { IdentitySetRequest } from '../../../shared/ipc/identity.ts';
import { announce } from '../../components/announce.ts';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { TextField } from '../../components/TextField.tsx';
import { appErrorOf, fieldErrorsOf } from '../../bridge.ts';
import { useIdentity, useSetDisplayName } from './use-identity.ts';

export const SET_ONCE_WHY = 'It is set once and cannot be changed: the entries you make keep naming you by it, so the record stays true.';

/**
 * "Your name in the journal": every entry this desktop records names the person and the
 * computer. Set once per desktop user; a team journal cannot be joined before it is set.
 */
export function IdentityPanel() {
  const identity = useIdentity();
  const setName = useSetDisplayName();
  const form = useForm<IdentitySetRequest>({ resolver: zodResolver(identitySetRequest), defaultValues: { displayName: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;

  if (identity.isPending) return <Loading what="your name in the journal" />;
  if (identity.isError) return <ErrorMessage error={appErrorOf(identity.error)} retry={() => void identity.refetch()} />;
  const { displayName, computer } = identity.data;

  if (displayName !== null) {
    return (
      <section className="panel identity-panel" aria-labelledby="identity-title">
        <h2 id="identity-title">Your name in the journal</h2>
        <p data-testid="identity">
          Your name in the journal: <strong>{displayName}</strong> on <strong>{computer}</strong>
        </p>
        <p className="field-hint">{SET_ONCE_WHY}</p>
      </section>
    );
  }

  const onSubmit = form.handleSubmit(async ({ displayName: name }) => {
    try {
      const saved = await setName.mutateAsync(name);
      announce(`Your name in the journal is now ${saved.displayName ?? name}`);
    } catch (thrown) {
      const error = appErrorOf(thrown);
      form.setError('displayName', { type: 'server', message: fieldErrorsOf(error)['displayName'] ?? error.message }, { shouldFocus: true });
    }
  });

  return (
    <form className="panel identity-panel" aria-labelledby="identity-title" noValidate onSubmit={onSubmit}>
      <h2 id="identity-title">Your name in the journal</h2>
      <p>
        Every entry you make is recorded with your name and this computer&apos;s (<strong>{computer}</strong>), so that a team
        sharing a journal sees who did what. A team journal can be joined once it is set.
      </p>
      <TextField label="Your name" autoComplete="name" hint={SET_ONCE_WHY} error={errors.displayName?.message} {...form.register('displayName')} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Setting…' : 'Set my name'}
        </button>
      </div>
    </form>
  );
}
