import { describe, expect, it } from 'vitest';
import { failureOf } from '../api/test-fixtures.ts';
import { createPaymentPages, paymentUrlProblem } from './payment-pages.ts';

function pages() {
  const opened: string[] = [];
  return { opened, pages: createPaymentPages(async (url) => void opened.push(url)) };
}

describe('payment pages (shell.openPaymentPage)', () => {
  it('opens a payment URL that invoices.create returned', async () => {
    const { opened, pages: book } = pages();
    book.record('https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ');
    expect(await book.open('https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ')).toEqual({ opened: true });
    expect(opened).toEqual(['https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ']);
  });

  it('refuses a URL the service never returned, even a close one', async () => {
    const { opened, pages: book } = pages();
    book.record('https://invoices.example.com/invoice/abc');
    for (const url of ['https://invoices.example.com/invoice/abd', 'https://invoices.example.com/invoice/abc?x=1', 'https://evil.example.com/']) {
      expect(await failureOf(book.open(url))).toMatchObject({ kind: 'invalid_request', message: expect.stringMatching(/created in this session/) });
    }
    expect(opened).toEqual([]);
  });

  it('refuses plain http, other schemes and non-URLs, even when the service returned them', async () => {
    const { opened, pages: book } = pages();
    const urls = ['http://invoices.example.com/invoice/abc', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url'];
    for (const url of urls) book.record(url);
    for (const url of urls) expect(await failureOf(book.open(url))).toMatchObject({ kind: 'invalid_request' });
    expect(opened).toEqual([]);
  });

  it('allows plain http only on loopback (the local sandbox), by the profiles rule', () => {
    expect(paymentUrlProblem('http://127.0.0.1:8787/pay/abc')).toBeNull();
    expect(paymentUrlProblem('http://localhost:8787/pay/abc')).toBeNull();
    expect(paymentUrlProblem('http://[::1]:8787/pay/abc')).toBeNull();
    expect(paymentUrlProblem('http://127.0.0.1.example.com/pay/abc')).toMatch(/https/);
    expect(paymentUrlProblem('http://10.0.0.1/pay/abc')).toMatch(/https/);
  });

  it('says so in plain words when the browser cannot be opened', async () => {
    const book = createPaymentPages(async () => {
      throw new Error('xdg-open: no method available');
    });
    book.record('https://invoices.example.com/invoice/abc');
    const error = await failureOf(book.open('https://invoices.example.com/invoice/abc'));
    expect(error).toMatchObject({ kind: 'configuration', message: expect.stringMatching(/Copy the payment URL/) });
    expect(error.message).not.toMatch(/xdg-open/);
  });
});
