import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorMessage, Loading } from '../../components/States.tsx';
import { appErrorOf } from '../../bridge.ts';
import { DisplayNameForm } from './DisplayNameForm.tsx';
import { useIdentity } from './use-identity.ts';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * "Your name in the journal": every entry this desktop records names the person and the
 * computer. Set once per desktop user, deliberately (DisplayNameForm asks it back); a team journal
 * cannot be joined before it is set.
 */
export function IdentityPanel() {
  const intl = useIntl();
  const identity = useIdentity();

  if (identity.isPending) return <Loading what={intl.formatMessage({ id: 'profiles.identity.loading' })} />;
  if (identity.isError) return <ErrorMessage error={appErrorOf(identity.error)} retry={() => void identity.refetch()} />;
  const { displayName, computer } = identity.data;

  if (displayName !== null) {
    return (
      <section className="panel identity-panel" aria-labelledby="identity-title">
        <h2 id="identity-title">
          <FormattedMessage id="profiles.identity.title" />
        </h2>
        <p data-testid="identity">
          <FormattedMessage id="profiles.identity.line" values={{ name: displayName, computer, strong }} />
        </p>
        <p className="field-hint">
          <FormattedMessage id="profiles.identity.setOnce" />
        </p>
      </section>
    );
  }

  return (
    <section className="panel identity-panel" aria-labelledby="identity-title">
      <h2 id="identity-title">
        <FormattedMessage id="profiles.identity.title" />
      </h2>
      <p>
        <FormattedMessage id="profiles.identity.why" values={{ computer, strong }} />
      </p>
      <DisplayNameForm computer={computer} titleId="identity-title" />
    </section>
  );
}
