import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareDecimals, subtractDecimals, addDecimals } from '../../../shared/money/index.ts';
import type { SandboxHandle } from '../index.ts';
import { SandboxRefusal } from '../index.ts';
import type { ManualClock } from './helpers.ts';
import { control, info, invoiceBody, LEGAL, MERCHANT_B, NATURAL, post, rawRequest, startTestSandbox } from './helpers.ts';

let sb: SandboxHandle;
let clock: ManualClock;
beforeEach(async () => {
  ({ sb, clock } = await startTestSandbox());
});
afterEach(() => sb.close());

async function create(overrides: Record<string, unknown> = {}) {
  const res = await post(sb, 'invoices/create', invoiceBody(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json.data;
}

describe('invoices/create (spec 4.4, 2.2)', () => {
  it('creates an invoice in the 2.2 shape, status created, 201, with a payment page URL', async () => {
    const res = await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'inv-1', amount: 100 }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.json.data)).toEqual(['id', 'url', 'foreign_id', 'end_user_reference', 'address', 'title', 'status', 'currency', 'amount', 'sender_currency', 'sender_amount', 'fixed_at', 'release_at', 'seconds_left']);
    expect(res.json.data).toMatchObject({
      foreign_id: 'inv-1',
      end_user_reference: 'customer-1',
      address: null,
      title: 'Order 1001',
      status: 'created',
      currency: 'EUR',
      amount: '100.00000000',
      sender_currency: null,
      sender_amount: null,
      fixed_at: null,
      release_at: null,
      seconds_left: null,
    });
    expect(res.json.data.url).toMatch(new RegExp(`^${sb.origin}/pay/[A-Za-z0-9]+$`));
    const page = await rawRequest(res.json.data.url, 'GET', undefined, {});
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Order 1001');
  });

  it('fixes the payment currency and rate at creation for a timer invoice with sender_currency', async () => {
    const data = await create({ timer: true, sender_currency: 'BTC' });
    expect(data.sender_currency).toBe('BTC');
    expect(data.sender_amount).toMatch(/^0\.\d{8}$/);
    expect(data.address).toMatch(/^bc1q/);
    expect(data.fixed_at).toBe(Math.floor(clock.now / 1000));
    expect(data.release_at).toBe(data.fixed_at + 900);
    expect(data.seconds_left).toBe(900);
  });

  it('accepts a legal sender, no sender data at all (rule 3), and type good_until_expired or empty', async () => {
    await create({ sender_type: 'legal', sender_data: LEGAL });
    await create({ sender_type: undefined, sender_data: undefined, end_user_reference: undefined });
    await create({ type: 'good_until_expired' });
    await create({ type: '' });
    await create({ timer: 1 });
  });

  it('refuses a duplicate foreign_id for the same merchant only', async () => {
    await create({ foreign_id: 'dup' });
    const res = await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'dup' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors: { foreign_id: 'The foreign id has already been taken.' } });
    expect((await post(sb, 'invoices/create', invoiceBody({ foreign_id: 'dup' }), { merchant: MERCHANT_B })).status).toBe(201);
    expect(sb.state().invoices.filter((i) => i.foreign_id === 'dup')).toHaveLength(2);
  });

  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['timer missing', { timer: undefined }, { timer: 'The timer field is required.' }],
    ['timer not boolean', { timer: 'yes' }, { timer: 'The timer field must be true or false.' }],
    ['title missing', { title: undefined }, { title: 'The title field is required.' }],
    ['title empty', { title: '' }, { title: 'The title field is required.' }],
    ['title too long', { title: 'x'.repeat(51) }, { title: 'The title must not be greater than 50 characters.' }],
    ['title not a string', { title: 5 }, { title: 'The title must be a string.' }],
    ['foreign_id missing', { foreign_id: undefined }, { foreign_id: 'The foreign id field is required.' }],
    ['foreign_id too long', { foreign_id: 'f'.repeat(256) }, { foreign_id: 'The foreign id must not be greater than 255 characters.' }],
    ['currency missing', { currency: undefined }, { currency: 'The currency field is required.' }],
    ['currency unknown', { currency: 'ABC' }, { currency: 'The selected currency is invalid.' }],
    ['amount missing', { amount: undefined }, { amount: 'The amount field is required.' }],
    ['amount not a number', { amount: 'ten' }, { amount: 'The amount must be a number.' }],
    ['amount below 0.001', { amount: '0.0005', currency: 'BTC' }, { amount: 'The amount must be at least 0.001.' }],
    ['amount negative', { amount: -5 }, { amount: 'The amount must be at least 0.001.' }],
    ['amount below the currency minimum', { amount: '5' }, { amount: 'The amount is too small. The minimum amount is 10.00 EUR.' }],
    ['amount with 9 places', { amount: '10.123456789' }, { amount: 'The amount must have 0-8 decimal places.' }],
    ['url_success missing', { url_success: undefined }, { url_success: 'The url success field is required.' }],
    ['url_success not a URL', { url_success: 'not a url' }, { url_success: 'The url success must be a valid URL.' }],
    ['url_success over http', { url_success: 'http://shop.example.com/ok' }, { url_success: 'The url success must use https.' }],
    ['url_failed with an IPv4 address', { url_failed: 'https://192.168.1.10/failed' }, { url_failed: 'The url failed must use a domain name, not an IP address.' }],
    ['url_failed with an IPv6 address', { url_failed: 'https://[::1]/failed' }, { url_failed: 'The url failed must use a domain name, not an IP address.' }],
    ['url_failed without a dot', { url_failed: 'https://localhost/failed' }, { url_failed: 'The url failed must use a domain name, not an IP address.' }],
    ['url_success flagged', { url_success: 'https://malware.example.com/ok' }, { url_success: 'The url success was flagged by malware scanners.' }],
    ['email_user missing', { email_user: undefined }, { email_user: 'The email user field is required.' }],
    ['email_user invalid', { email_user: 'not-an-email' }, { email_user: 'The email user must be a valid email address.' }],
    ['type unknown', { type: 'partial' }, { type: 'The selected type is invalid.' }],
    ['description too long', { description: 'd'.repeat(1001) }, { description: 'The description must not be greater than 1000 characters.' }],
    ['end_user_reference too long', { end_user_reference: 'e'.repeat(256) }, { end_user_reference: 'The end user reference must not be greater than 255 characters.' }],
    ['sender_currency unknown', { sender_currency: 'ZZZ' }, { sender_currency: 'The selected sender currency is invalid.' }],
    ['sender_currency fiat', { sender_currency: 'USD' }, { sender_currency: 'The sender currency must be a cryptocurrency.' }],
    ['sender_type unknown', { sender_type: 'robot' }, { sender_type: 'The selected sender type is invalid.' }],
    ['sender_data without sender_type', { sender_type: undefined }, { sender_type: 'The sender type field is required when sender data is present.' }],
    ['sender_type without sender_data', { sender_data: undefined }, { sender_data: 'The sender data field is required when sender type is present.' }],
    ['sender_data not an object', { sender_data: 'Ada' }, { sender_data: 'The sender data must be an object.' }],
    ['natural without first_name', { sender_data: { ...NATURAL, first_name: undefined } }, { 'sender_data.first_name': 'The sender data.first name field is required.' }],
    ['natural without last_name', { sender_data: { ...NATURAL, last_name: '' } }, { 'sender_data.last_name': 'The sender data.last name field is required.' }],
    ['natural without date_of_birth', { sender_data: { ...NATURAL, date_of_birth: undefined } }, { 'sender_data.date_of_birth': 'The sender data.date of birth field is required.' }],
    ['date_of_birth in another format', { sender_data: { ...NATURAL, date_of_birth: '10/12/1990' } }, { 'sender_data.date_of_birth': 'The sender data.date of birth does not match the format Y-m-d.' }],
    ['date_of_birth not a real date', { sender_data: { ...NATURAL, date_of_birth: '1990-02-30' } }, { 'sender_data.date_of_birth': 'The sender data.date of birth does not match the format Y-m-d.' }],
    ['date_of_birth today', { sender_data: { ...NATURAL, date_of_birth: '2025-05-01' } }, { 'sender_data.date_of_birth': 'The sender data.date of birth must be a date before today.' }],
    ['date_of_birth in the future', { sender_data: { ...NATURAL, date_of_birth: '2030-01-01' } }, { 'sender_data.date_of_birth': 'The sender data.date of birth must be a date before today.' }],
    ['natural with a bad email', { sender_data: { ...NATURAL, email: 'nope' } }, { 'sender_data.email': 'The sender data.email must be a valid email address.' }],
    ['legal without legal_name', { sender_type: 'legal', sender_data: { ...LEGAL, legal_name: undefined } }, { 'sender_data.legal_name': 'The sender data.legal name field is required.' }],
    ['legal without country', { sender_type: 'legal', sender_data: { ...LEGAL, country_of_registration: undefined } }, { 'sender_data.country_of_registration': 'The sender data.country of registration field is required.' }],
    ['legal with an alpha-2 country', { sender_type: 'legal', sender_data: { ...LEGAL, country_of_registration: 'DE' } }, { 'sender_data.country_of_registration': 'The selected sender data.country of registration is invalid.' }],
    ['legal with an unassigned alpha-3 country', { sender_type: 'legal', sender_data: { ...LEGAL, country_of_registration: 'XXX' } }, { 'sender_data.country_of_registration': 'The selected sender data.country of registration is invalid.' }],
    ['legal with a bad email', { sender_type: 'legal', sender_data: { ...LEGAL, email: 'a@b' } }, { 'sender_data.email': 'The sender data.email must be a valid email address.' }],
    ['natural data under legal type', { sender_type: 'legal', sender_data: NATURAL }, { 'sender_data.legal_name': 'The sender data.legal name field is required.', 'sender_data.country_of_registration': 'The sender data.country of registration field is required.' }],
    [
      'rule 2: timer and sender_currency without sender data',
      { timer: true, sender_currency: 'BTC', sender_type: undefined, sender_data: undefined },
      {
        sender_type: 'The sender type field is required when timer is true and sender currency is present.',
        sender_data: 'The sender data field is required when timer is true and sender currency is present.',
      },
    ],
  ];

  it.each(cases)('refuses %s', async (_label, overrides, errors) => {
    const res = await post(sb, 'invoices/create', invoiceBody(overrides));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ errors });
  });

  it('reports every failing field at once', async () => {
    const res = await post(sb, 'invoices/create', {});
    expect(Object.keys(res.json.errors).sort()).toEqual(['amount', 'currency', 'email_user', 'foreign_id', 'timer', 'title', 'url_failed', 'url_success']);
  });

  it('does not need sender data for a timer invoice without sender_currency', async () => {
    await create({ timer: true, sender_type: undefined, sender_data: undefined });
  });
});

describe('invoice payment lifecycle (field notes, states)', () => {
  it('exact payment in a chosen currency: created -> pending -> processing -> confirmed, with a deposit transaction', async () => {
    const data = await create({ foreign_id: 'pay-exact' });
    const fixed = sb.chooseInvoiceCurrency(data.id, 'BTC');
    expect(fixed.sender_currency).toBe('BTC');
    expect(fixed.seconds_left).toBe(900);
    const paid = sb.payInvoice(data.id, { amount: fixed.sender_amount!, currency: 'BTC' });
    expect(paid.invoice.status).toBe('pending');

    const deposit = await info(sb, { id: paid.transactionId });
    expect(deposit.status).toBe(200);
    expect(deposit.json).toMatchObject({
      id: paid.transactionId,
      type: 'deposit',
      status: 'not_confirmed',
      error: null,
      crypto_address: { currency: 'BTC', address: fixed.address, foreign_id: 'pay-exact', tag: null },
      currency_received: { currency: 'BTC', amount: fixed.sender_amount },
    });
    const entry = deposit.json.transactions[0];
    expect(entry).toMatchObject({ transaction_type: 'blockchain', type: 'deposit', confirmations: 0, riskscore: expect.stringMatching(/^0\.\d\d$/) });
    expect(entry.txid).toMatch(/^[0-9a-f]{64}$/);
    const fees = deposit.json.fees;
    expect(fees.map((f: { type: string }) => f.type)).toEqual(['mining', 'fee_crypto_deposit_wallet_client']);
    const net = subtractDecimals(subtractDecimals(fixed.sender_amount!, fees[0].amount), fees[1].amount);
    expect(compareDecimals(deposit.json.currency_received.amount_minus_fee, compareDecimals(net, '0') < 0 ? '0' : net)).toBe(0);

    clock.advance(10_000);
    expect(sb.state().invoices[0]!.status).toBe('processing');
    expect((await info(sb, { id: paid.transactionId })).json.transactions[0].confirmations).toBe(1);
    clock.advance(20_000);
    expect(sb.state().invoices[0]!.status).toBe('confirmed');
    expect((await info(sb, { id: paid.transactionId })).json.status).toBe('confirmed');
    expect(() => sb.payInvoice(data.id, { amount: '1', currency: 'BTC' })).toThrow(SandboxRefusal);
  });

  it('paying less fails a fill_or_kill invoice with "User paid less than requested."', async () => {
    const data = await create({ currency: 'ETH', amount: '1.5' });
    const paid = sb.payInvoice(data.id, { amount: '1.2' });
    expect(paid.currency).toBe('ETH');
    expect(paid.invoice.status).toBe('failed');
    const invoice = sb.state().invoices[0]!;
    expect(invoice.error).toBe('User paid less than requested.');
    clock.advance(30_000);
    const deposit = await info(sb, { id: paid.transactionId });
    expect(deposit.json).toMatchObject({ status: 'cancelled', error: 'User paid less than requested.' });
  });

  it('paying more confirms the invoice', async () => {
    const data = await create({ currency: 'LTC', amount: '2' });
    const paid = sb.payInvoice(data.id, { amount: '2.5', currency: 'LTC' });
    expect(paid.invoice.status).toBe('pending');
    clock.advance(30_000);
    expect(sb.state().invoices[0]).toMatchObject({ status: 'confirmed', paid: '2.5', error: null });
  });

  it('a good_until_expired invoice takes partial payments until complete', async () => {
    const data = await create({ currency: 'XRP', amount: '100', type: 'good_until_expired' });
    const first = sb.payInvoice(data.id, { amount: '40' });
    expect(first.invoice.status).toBe('pending');
    expect(() => sb.payInvoice(data.id, { amount: '10', currency: 'BTC' })).toThrow(/Pay the rest in XRP/);
    const second = sb.payInvoice(data.id, { amount: '60' });
    const deposit = await info(sb, { id: second.transactionId });
    expect(deposit.json.crypto_address.tag).toMatch(/^\d{9}$/);
    clock.advance(30_000);
    expect(sb.state().invoices[0]).toMatchObject({ status: 'confirmed', paid: addDecimals('40', '60') });
  });

  it('a timer invoice not paid within 15 minutes fails with "Timer expired. User not paid."', async () => {
    const data = await create({ timer: true });
    clock.advance(15 * 60_000 - 1);
    expect(sb.state().invoices[0]!.status).toBe('created');
    clock.advance(1);
    expect(sb.state().invoices[0]).toMatchObject({ status: 'failed', error: 'Timer expired. User not paid.' });
    try {
      sb.payInvoice(data.id, { amount: '100', currency: 'BTC' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SandboxRefusal);
      expect((error as SandboxRefusal).status).toBe(409);
    }
  });

  it('a timer invoice paid in time is not failed by the timer afterwards', async () => {
    const data = await create({ timer: true, sender_currency: 'ETH' });
    clock.advance(60_000);
    sb.payInvoice(data.id, { amount: data.sender_amount });
    clock.advance(20 * 60_000);
    expect(sb.state().invoices[0]!.status).toBe('confirmed');
  });

  it('refuses bad payments with clear errors', async () => {
    const data = await create();
    expect(() => sb.payInvoice(data.id, { amount: '10' })).toThrow(/choose a cryptocurrency/);
    expect(() => sb.payInvoice(data.id, { amount: '10', currency: 'GBP' })).toThrow(/must be a cryptocurrency/);
    expect(() => sb.payInvoice(data.id, { amount: 'x', currency: 'BTC' })).toThrow(/must be a number/);
    expect(() => sb.payInvoice(data.id, { amount: '0', currency: 'BTC' })).toThrow(/greater than 0/);
    expect(() => sb.payInvoice(999, { amount: '1', currency: 'BTC' })).toThrow(/not found/);
  });
});

describe('control endpoint and payment page', () => {
  it('pays through POST /sandbox/invoices/<id>/pay and fixes a currency through /currency', async () => {
    const data = await create();
    const chosen = await control(sb, 'POST', `/sandbox/invoices/${data.id}/currency`, { currency: 'USDTTRC20' });
    expect(chosen.status).toBe(200);
    expect(chosen.json.data.address).toMatch(/^T/);
    const res = await control(sb, 'POST', `/sandbox/invoices/${data.id}/pay`, { amount: chosen.json.data.sender_amount, currency: 'USDTTRC20' });
    expect(res.status).toBe(201);
    expect(res.json.data.invoice.status).toBe('pending');
    expect((await info(sb, { id: res.json.data.transaction_id })).json.type).toBe('deposit');
    const refused = await control(sb, 'POST', `/sandbox/invoices/${data.id}/pay`, { amount: '1', currency: 'USDTTRC20' });
    expect(refused.status).toBe(409);
    expect((await control(sb, 'POST', `/sandbox/invoices/12345/pay`, { amount: '1' })).status).toBe(404);
    expect((await control(sb, 'POST', `/sandbox/invoices/${data.id}/pay`, { amount: 'x' })).status).toBe(409);
  });

  it('serves a labelled HTML form: choose a currency, then pay the prefilled exact amount', async () => {
    const data = await create({ title: 'Tea & <biscuits>' });
    const page = await rawRequest(data.url, 'GET', undefined, {});
    expect(page.text).toContain('Tea &amp; &lt;biscuits&gt;');
    expect(page.text).toContain('<label for="currency">');
    expect(page.text).toContain('<select id="currency" name="currency">');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const chosen = await rawRequest(`${data.url}/currency`, 'POST', 'currency=ETH', form);
    expect(chosen.status).toBe(303);
    const step2 = await rawRequest(data.url, 'GET', undefined, {});
    expect(step2.text).toContain('<label for="amount">');
    const amount = /id="amount" name="amount"[^>]*value="([0-9.]+)"/.exec(step2.text)?.[1];
    expect(amount).toBe(sb.state().invoices[0]!.sender_amount);
    const paid = await rawRequest(data.url, 'POST', `currency=ETH&amount=${amount}`, form);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toMatch(/\?paid=\d+$/);
    const after = await rawRequest(data.url, 'GET', undefined, {});
    expect(after.text).toContain('<strong id="status">pending</strong>');
    const bad = await rawRequest(`${sb.origin}/pay/nope`, 'GET', undefined, {});
    expect(bad.status).toBe(404);
  });

  it('shows a refused payment on the page', async () => {
    const data = await create();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await rawRequest(data.url, 'POST', 'currency=ETH&amount=abc', form);
    expect(res.status).toBe(200);
    expect(res.text).toContain('role="alert"');
    expect(res.text).toContain('The amount must be a number.');
  });
});
