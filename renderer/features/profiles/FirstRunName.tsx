import { useId, useState } from 'react';
import { useModalDialog } from '../../components/use-modal-dialog.ts';
import { DisplayNameForm } from './DisplayNameForm.tsx';
import { useIdentity } from './use-identity.ts';

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
          <h2 id={titleId}>Your name in the journal</h2>
          <p>
            Every invoice, deposit address and exchange you make is recorded in this computer&apos;s journal with your name and the
            computer&apos;s (<strong>{data.computer}</strong>), so that whoever reads it later sees who did what.
          </p>
          <p className="field-hint">
            You may set it later on the Profiles screen; until then your entries read &ldquo;name not set&rdquo;.
          </p>
          <DisplayNameForm computer={data.computer} titleId={titleId} onLater={() => setLater(true)} autoFocus />
        </>
      )}
    </dialog>
  );
}
