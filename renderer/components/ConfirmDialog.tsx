import type { ReactNode } from 'react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useModalDialog } from './use-modal-dialog.ts';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
};

/**
 * A native modal <dialog>: the browser traps focus, Esc cancels (the `cancel` event), and focus
 * returns to the opener when it closes. The safe choice, Cancel, has the initial focus.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, danger, busy, onConfirm, onClose }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          <FormattedMessage id="components.confirmDialog.cancel" />
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
