import { useEffect, useRef } from 'react';

/**
 * A native modal <dialog> that is open while `open` is true: the browser traps focus, makes the
 * rest inert and fires `cancel` on Esc; closing returns focus to what opened it.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
