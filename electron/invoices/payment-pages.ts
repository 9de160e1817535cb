import { getDomain } from 'tldts';
import type { PaymentPageVerdict } from '../../shared/ipc/contract.ts';
import { say, SOURCE_LANGUAGE } from '../../shared/i18n/index.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import { isLoopbackHost } from '../../shared/ipc/profile.ts';
import type { AppLocale } from '../platform/locale/index.ts';

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

/** Where the words come from: the window's language in the app (AppLocale), English where none is given. */
export type PaymentPageWords = Pick<AppLocale, 'say'>;
const ENGLISH: PaymentPageWords = { say: (id, values) => say(SOURCE_LANGUAGE, id, values) };

const registrableDomain = (hostname: string): string | null => getDomain(hostname, { allowPrivateDomains: true });

/** Why a payment URL returned for a profile at `baseUrl` may be neither shown nor opened, in plain words, or null. */
export function paymentUrlProblem(text: string, baseUrl: string, locale: PaymentPageWords = ENGLISH): string | null {
  if (!URL.canParse(text)) return locale.say('main.invoices.url.notWebAddress');
  if (!URL.canParse(baseUrl)) return locale.say('main.invoices.url.noBase');
  const url = new URL(text);
  const base = new URL(baseUrl);
  if (url.username || url.password) return locale.say('main.invoices.url.credentials');
  if (isLoopbackHost(base.hostname)) {
    // The local sandbox serves its own payment pages, over plain http on this computer.
    if (url.origin === base.origin) return null;
    return locale.say('main.invoices.url.notLocalSandbox', { host: base.host });
  }
  if (url.protocol !== 'https:') return locale.say('main.invoices.url.notHttps');
  const own = registrableDomain(base.hostname);
  if (own === null ? url.hostname === base.hostname : registrableDomain(url.hostname) === own) return null;
  return locale.say('main.invoices.url.otherDomain', { host: url.hostname, own: own ?? base.hostname });
}

/** `locale`: main's words are said in the window's language at the moment they are made. */
export function createPaymentPages(openExternal: OpenExternal, locale: PaymentPageWords = ENGLISH): PaymentPages {
  const known = new Set<string>();
  return {
    record(url, baseUrl) {
      const problem = paymentUrlProblem(url, baseUrl, locale);
      if (problem) return { allowed: false, reason: locale.say('main.invoices.url.refused', { problem }) };
      known.add(url);
      return { allowed: true };
    },
    open: async (url) => {
      if (!known.has(url)) {
        const message = locale.say('main.invoices.open.unknown');
        throw new AppFailure({ kind: 'invalid_request', message, fields: { url: message } });
      }
      try {
        await openExternal(url);
      } catch {
        throw new AppFailure({
          kind: 'configuration',
          message: locale.say('main.invoices.open.browserFailed'),
        });
      }
      return { opened: true };
    },
  };
}
