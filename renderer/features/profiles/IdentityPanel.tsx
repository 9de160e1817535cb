import { ErrorMessage, Loading } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { DisplayNameForm, SET_ONCE_WHY } from './DisplayNameForm.tsx';
import { useIdentity } from './use-identity.ts';

export { SET_ONCE_WHY };

/**
 * "Your name in the journal": every entry this desktop records names the person and the
 * computer. Set once per desktop user, deliberately (DisplayNameForm asks it back); a team journal
 * cannot be joined before it is set.
 */
export function IdentityPanel() {
  const identity = useIdentity();

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

  return (
    <section className="panel identity-panel" aria-labelledby="identity-title">
      <h2 id="identity-title">Your name in the journal</h2>
      <p>
        Every entry you make is recorded with your name and this computer&apos;s (<strong>{computer}</strong>), so that a team
        sharing a journal sees who did what. Entries made before it is set read &ldquo;name not set&rdquo;. A team journal can
        be joined once it is set.
      </p>
      <DisplayNameForm computer={computer} titleId="identity-title" />
    </section>
  );
}
