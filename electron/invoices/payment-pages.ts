import { getDomain } from 'tldts';
import type { PaymentPageVerdict } from '../../shared/ipc/contract.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { isLoopbackHost } from '../../shared/ipc/profile.ts';

/**
 * The payment pages the service returned from invoices.create in this run, and the only URLs that
 * may be drawn as the customer's QR code or handed to the system browser ('shell.openPaymentPage').
 * The renderer is untrusted (architecture, "The one rule"), and so is the answer: a hostile or
 * compromised host could name any page as the place where the customer pays.
 *
 * So a payment URL is accepted only on the service's own domain: the registrable domain of the
 * profile's base URL (app.cryptoprocessing.com -> cryptoprocessing.com, so
 * invoices.cryptoprocessing.com is accepted, evil.com is not), over https. The registrable domain
 * comes from the Public Suffix List (tldts), private section included: for a base on
 * shop.herokuapp.com it is shop.herokuapp.com itself, never herokuapp.com, so another tenant's
 * app is refused; for a.b.co.uk it is b.co.uk, never co.uk. A base with no registrable domain (an
 * IP address) accepts only its own host. A base on loopback is the local sandbox: only its own
 * origin (plain http, its port) is accepted there, and loopback is accepted for nothing else.
 */

export type OpenExternal = (url: string) => Promise<void>;

export interface PaymentPages {
  /** Judges a payment URL invoices.create returned for a profile at `baseUrl`; only an accepted one is remembered. */
  record(url: string, baseUrl: string): PaymentPageVerdict;
  /** Opens a remembered (so accepted) URL; anything else is refused. */
  open(url: string): Promise<{ opened: true }>;
}

const registrableDomain = (hostname: string): string | null => getDomain(hostname, { allowPrivateDomains: true });

/** Why a payment URL returned for a profile at `baseUrl` may be neither shown nor opened, in plain words, or null. */
export function paymentUrlProblem(text: string, baseUrl: string): string | null {
  if (!URL.canParse(text)) return 'The service answered a payment URL that is not a web address.';
  if (!URL.canParse(baseUrl)) return 'The profile has no valid address to check the payment URL against.';
  const url = new URL(text);
  const base = new URL(baseUrl);
  if (url.username || url.password) return 'The payment URL carries a user name or password, which no payment page of the service does.';
  if (isLoopbackHost(base.hostname)) {
    // The local sandbox serves its own payment pages, over plain http on this computer.
    if (url.origin === base.origin) return null;
    return `The payment URL is not on the local sandbox (${base.host}), which serves its own payment pages.`;
  }
  if (url.protocol !== 'https:') return 'The payment URL does not start with https://.';
  const own = registrableDomain(base.hostname);
  if (own === null ? url.hostname === base.hostname : registrableDomain(url.hostname) === own) return null;
  return `The payment URL is on ${url.hostname}, not on ${own ?? base.hostname}, the domain of this profile's service.`;
}

const REFUSED = ' It is neither drawn as a QR code nor opened: check the invoice in the service’s back office.';

export function createPaymentPages(openExternal: OpenExternal): PaymentPages {
  const known = new Set<string>();
  return {
    record(url, baseUrl) {
      const problem = paymentUrlProblem(url, baseUrl);
      if (problem) return { allowed: false, reason: problem + REFUSED };
      known.add(url);
      return { allowed: true };
    },
    open: async (url) => {
      if (!known.has(url)) {
        const message = 'The console opens only payment pages of invoices created in this session, on the service’s own domain, so this address was not opened.';
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
