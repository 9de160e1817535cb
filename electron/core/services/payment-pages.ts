import { AppFailure } from '../../../shared/ipc/errors.ts';
import { baseUrlProblem } from '../../../shared/ipc/profile.ts';

/**
 * The payment pages the service returned from invoices.create in this run, and the only URLs that
 * 'shell.openPaymentPage' will hand to the system browser. The renderer is untrusted (architecture,
 * "The one rule"): without this set, a compromised page could open any address, or a file: or
 * custom-scheme URL, through the shell.
 */

export type OpenExternal = (url: string) => Promise<void>;

export interface PaymentPages {
  /** Remembers a payment URL that invoices.create returned. */
  record(url: string): void;
  /** Opens a remembered https URL (http only on loopback: the local sandbox); anything else is refused. */
  open(url: string): Promise<{ opened: true }>;
}

/** Why a URL may not be opened, in plain words, or null when it may. */
export function paymentUrlProblem(text: string): string | null {
  if (!URL.canParse(text)) return 'This is not a web address, so it was not opened.';
  // The local sandbox serves its payment pages over plain http on 127.0.0.1: the same rule as a
  // profile's base URL, so the same check.
  if (baseUrlProblem(text) === null) return null;
  return 'Only https:// payment pages are opened in the browser (plain http only for this computer).';
}

export function createPaymentPages(openExternal: OpenExternal): PaymentPages {
  const known = new Set<string>();
  return {
    record: (url) => void known.add(url),
    open: async (url) => {
      const problem = paymentUrlProblem(url);
      if (problem) throw new AppFailure({ kind: 'invalid_request', message: problem, fields: { url: problem } });
      if (!known.has(url)) {
        const message = 'The console opens only payment pages of invoices created in this session, so this address was not opened.';
        throw new AppFailure({ kind: 'invalid_request', message, fields: { url: message } });
      }
      try {
        await openExternal(url);
      } catch {
        throw new AppFailure({
          kind: 'configuration',
          message: 'The system browser could not be opened. Copy the payment URL and paste it into a browser.',
        });
      }
      return { opened: true };
    },
  };
}
