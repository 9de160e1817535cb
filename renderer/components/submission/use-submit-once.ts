import type { FormEvent } from 'react';
import { useRef } from 'react';

/**
 * One click sends one request: a submit while the last one has not settled is ignored, so a double
 * click (or Enter pressed twice) cannot ask the service to make the same thing twice. The submit
 * button is disabled too, but only after React renders; this guard holds from the first event.
 * `beforeSend` runs once for each send that goes ahead (clearing the last outcome, say).
 */
export function useSubmitOnce(send: (event: FormEvent<HTMLFormElement>) => Promise<void>, beforeSend?: () => void) {
  const inFlight = useRef(false);
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    beforeSend?.();
    void send(event).finally(() => {
      inFlight.current = false;
    });
  };
}
