import { describe, expect, it } from 'vitest';
import { say } from '../../shared/i18n/index.ts';
import { failureOf } from '../platform/api/test-fixtures.ts';
import { createPaymentPages, paymentUrlProblem } from './payment-pages.ts';

const LIVE = 'https://app.cryptoprocessing.com/api/v2';
const SERVICE_SANDBOX = 'https://app.sandbox.cryptoprocessing.com/api/v2';
const LOCAL = 'http://127.0.0.1:8787/api/v2';

function pages() {
  const opened: string[] = [];
  return { opened, pages: createPaymentPages(async (url) => void opened.push(url)) };
}

describe('payment URLs: only on the service’s own domain', () => {
  it('accepts https pages anywhere under the profile’s registrable domain', () => {
    for (const url of ['https://invoices.cryptoprocessing.com/invoice/Jyf1cQ', 'https://app.cryptoprocessing.com/pay/1', 'https://cryptoprocessing.com/x']) {
      expect(paymentUrlProblem(url, LIVE), url).toBeNull();
    }
    expect(paymentUrlProblem('https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ', SERVICE_SANDBOX)).toBeNull();
  });

  it('refuses another domain, even one that looks alike', () => {
    for (const url of [
      'https://evil.com/invoice/Jyf1cQ',
      'https://cryptoprocessing.com.evil.com/invoice',
      'https://evilcryptoprocessing.com/invoice',
      'https://cryptoprocessing.co/invoice',
    ]) {
      expect(paymentUrlProblem(url, LIVE), url).toMatch(/not on cryptoprocessing\.com, the domain of this profile's service/);
    }
  });

  it('follows the Public Suffix List, private section too: another tenant or a public suffix is not the same domain', () => {
    expect(paymentUrlProblem('https://pay.shop.herokuapp.com/x', 'https://shop.herokuapp.com/api/v2')).toBeNull();
    expect(paymentUrlProblem('https://evil.herokuapp.com/x', 'https://shop.herokuapp.com/api/v2')).toMatch(/not on shop\.herokuapp\.com/);
    expect(paymentUrlProblem('https://pay.b.co.uk/x', 'https://api.b.co.uk/api/v2')).toBeNull();
    expect(paymentUrlProblem('https://evil.co.uk/x', 'https://api.b.co.uk/api/v2')).toMatch(/not on b\.co\.uk/);
  });

  it('accepts only the same host when the base has no registrable domain (an IP address)', () => {
    expect(paymentUrlProblem('https://203.0.113.7/pay/1', 'https://203.0.113.7/api/v2')).toBeNull();
    expect(paymentUrlProblem('https://203.0.113.8/pay/1', 'https://203.0.113.7/api/v2')).toMatch(/not on 203\.0\.113\.7/);
  });

  it('refuses plain http, other schemes, credentials in the URL and non-URLs', () => {
    expect(paymentUrlProblem('http://invoices.cryptoprocessing.com/invoice/abc', LIVE)).toMatch(/https/);
    expect(paymentUrlProblem('file:///etc/passwd', LIVE)).toMatch(/https/);
    expect(paymentUrlProblem('javascript:alert(1)', LIVE)).toMatch(/https/);
    expect(paymentUrlProblem('https://user:pw@invoices.cryptoprocessing.com/x', LIVE)).toMatch(/user name or password/);
    expect(paymentUrlProblem('not a url', LIVE)).toMatch(/not a web address/);
  });

  it('accepts loopback for the local sandbox alone, and there only its own origin', () => {
    expect(paymentUrlProblem('http://127.0.0.1:8787/pay/abc', LOCAL)).toBeNull();
    expect(paymentUrlProblem('http://127.0.0.1:9999/pay/abc', LOCAL)).toMatch(/not on the local sandbox \(127\.0\.0\.1:8787\)/);
    expect(paymentUrlProblem('https://evil.com/pay/abc', LOCAL)).toMatch(/not on the local sandbox/);
    // A live profile never gets a page on this computer.
    for (const url of ['http://127.0.0.1:8787/pay/abc', 'https://127.0.0.1/pay', 'https://localhost/pay', 'http://[::1]:8787/pay']) {
      expect(paymentUrlProblem(url, LIVE), url).not.toBeNull();
    }
  });
});

describe('payment pages (shell.openPaymentPage)', () => {
  it('records and opens an accepted payment URL', async () => {
    const { opened, pages: book } = pages();
    expect(book.record('https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ', SERVICE_SANDBOX)).toEqual({ allowed: true });
    expect(await book.open('https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ')).toEqual({ opened: true });
    expect(opened).toEqual(['https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ']);
  });

  it('refuses to record a URL off the domain, says why, and never opens it', async () => {
    const { opened, pages: book } = pages();
    const verdict = book.record('https://evil.com/invoice/Jyf1cQ', LIVE);
    expect(verdict).toEqual({ allowed: false, reason: expect.stringMatching(/^The payment URL is on evil\.com, .* neither drawn as a QR code nor opened/) });
    expect(await failureOf(book.open('https://evil.com/invoice/Jyf1cQ'))).toMatchObject({ kind: 'invalid_request' });
    expect(opened).toEqual([]);
  });

  it('refuses a URL the service never returned, even a close one', async () => {
    const { opened, pages: book } = pages();
    book.record('https://invoices.cryptoprocessing.com/invoice/abc', LIVE);
    for (const url of ['https://invoices.cryptoprocessing.com/invoice/abd', 'https://invoices.cryptoprocessing.com/invoice/abc?x=1', 'file:///etc/passwd']) {
      expect(await failureOf(book.open(url))).toMatchObject({ kind: 'invalid_request', message: expect.stringMatching(/created in this session/) });
    }
    expect(opened).toEqual([]);
  });

  it('says so in plain words when the browser cannot be opened', async () => {
    const book = createPaymentPages(async () => {
      throw new Error('xdg-open: no method available');
    });
    book.record('https://invoices.cryptoprocessing.com/invoice/abc', LIVE);
    const error = await failureOf(book.open('https://invoices.cryptoprocessing.com/invoice/abc'));
    expect(error).toMatchObject({ kind: 'configuration', message: expect.stringMatching(/Copy the payment URL/) });
    expect(error.message).not.toMatch(/xdg-open/);
  });
});

describe('payment pages in the window’s language', () => {
  it('says why a URL is refused, and that it is neither drawn nor opened, in French as one reason', async () => {
    const book = createPaymentPages(async () => {}, { say: (id, values) => say('fr', id, values) });
    expect(book.record('https://evil.com/invoice/Jyf1cQ', LIVE)).toEqual({
      allowed: false,
      reason:
        'L’URL de paiement est sur evil.com, et non sur cryptoprocessing.com, le domaine du service de ce profil. Elle n’est ni affichée en code QR ni ouverte : vérifiez la facture dans le back-office du service.',
    });
    expect(paymentUrlProblem('http://invoices.cryptoprocessing.com/x', LIVE, { say: (id, values) => say('de', id, values) })).toBe('Die Zahlungs-URL beginnt nicht mit https://.');
  });
});
