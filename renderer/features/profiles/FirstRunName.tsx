import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useModalDialog } from '../../components/use-modal-dialog.ts';
import { DisplayNameForm } from './DisplayNameForm.tsx';
import { useIdentity } from './use-identity.ts';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * The first start on a data folder asks for "Your name in the journal" before anything is recorded
 * (main says when: askAtStart), in a modal dialog that says why. The person may leave it for later
 * (Not now, or Esc): the Profiles screen asks for it too, and the entries made meanwhile read "name
 * not set".
 */
export function FirstRunName() {
  const identity = useIdentity();
  const [later, setLater] = useState(false);
  const titleId = useId();
  const data = identity.data;
  const open = data !== undefined && data.askAtStart === true && data.displayName === null && !later;
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="dialog first-run-name"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        setLater(true);
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>
            <FormattedMessage id="profiles.identity.title" />
          </h2>
          <p>
            <FormattedMessage id="profiles.firstRun.body" values={{ computer: data.computer, strong }} />
          </p>
          <p className="field-hint">
            <FormattedMessage id="profiles.firstRun.later" />
          </p>
          <DisplayNameForm computer={data.computer} titleId={titleId} onLater={() => setLater(true)} autoFocus />
        </>
      )}
    </dialog>
  );
}
