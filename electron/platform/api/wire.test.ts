import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eachMessageInEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { sayerFor, sayWording } from '../../../shared/i18n/words.ts';
import type { Wording } from '../../../shared/i18n/words.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import type { AppFailure } from '../../../shared/ipc/errors.ts';
import { createProcessingClient } from './client.ts';
import { startLoopbackServer } from './loopback-server.ts';
import type { LoopbackServer } from './loopback-server.ts';
import {
  API_KEY,
  SECRET,
  failureOf,
  fixedRequest,
  invoiceAnswer,
  invoiceRequest,
  opensslHmac,
  orderAnswer,
  pairsAnswer,
  quoteAnswer,
  transactionAnswer,
} from './test-fixtures.ts';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackServer();
});
afterEach(() => server.close());

const client = () => createProcessingClient({ baseUrl: server.baseUrl, apiKey: API_KEY, secret: SECRET });

type WordedFailure = AppFailure & { wording: Wording };

/** The failure a call ends in, with the wording main says it by in the window's language. */
async function wordedFailureOf(promise: Promise<unknown>): Promise<WordedFailure> {
  const thrown: unknown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!isAppFailure(thrown) || thrown.wording === undefined) throw new Error('expected a worded failure');
  return thrown as WordedFailure;
}

function only() {
  expect(server.requests).toHaveLength(1);
  const request = server.requests[0];
  if (!request) throw new Error('no request');
  return request;
}

describe('what goes on the wire', () => {
  it('sends GET /transactions/info with its JSON body intact, Content-Length and an openssl-equal signature', async () => {
    server.answer({ status: 200, body: transactionAnswer });
    await client().lookupTransaction({ id: 42 });
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/v2/transactions/info');
    expect(request.body.toString('utf8')).toBe('{"id":42}');
    expect(request.headers['content-length']).toBe('9');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-processing-key']).toBe(API_KEY);
    expect(request.headers['x-processing-signature']).toBe(opensslHmac(request.body, SECRET));
    expect(request.headers['x-processing-signature']).toMatch(/^[0-9a-f]{128}$/);
  });

  it('looks up by foreign_id alone', async () => {
    server.answer({ status: 200, body: transactionAnswer });
    await client().lookupTransaction({ foreign_id: 'w-1' });
    expect(only().body.toString('utf8')).toBe('{"foreign_id":"w-1"}');
  });

  it('writes an amount as a bare JSON number, digit for digit, and signs exactly the bytes it sends', async () => {
    server.answer({ status: 201, body: invoiceAnswer });
    await client().createInvoice(invoiceRequest);
    const request = only();
    const text = request.body.toString('utf8');
    expect(text).toContain('"amount":12345678.12345678,');
    expect(request.headers['content-length']).toBe(String(request.body.length));
    expect(request.headers['x-processing-signature']).toBe(opensslHmac(request.body, SECRET));
    // Spec 4.4 order; the cleaned sender data (an empty e-mail is left out).
    expect(Object.keys(JSON.parse(text))).toEqual([
      'timer', 'title', 'foreign_id', 'currency', 'amount', 'url_success', 'url_failed', 'email_user',
      'end_user_reference', 'sender_type', 'sender_data',
    ]);
    expect(JSON.parse(text).sender_data).toEqual({ first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-01-02' });
    expect(text).toContain('Café €');
  });

  it('sends price and amount of a fixed exchange as numbers, in the spec order', async () => {
    server.answer({ status: 201, body: orderAnswer });
    const order = await client().placeFixedExchange(fixedRequest);
    expect(order.id).toBe(134704049);
    expect(order.sender_amount).toBe('0.00300000');
    const request = only();
    expect(request.path).toBe('/api/v2/exchange/fixed');
    expect(request.body.toString('utf8')).toBe(
      '{"foreign_id":"fx-0250","price":77314.26444333,"sender_currency":"BTC","receiver_currency":"EUR","sender_amount":0.003}',
    );
    expect(request.headers['x-processing-signature']).toBe(opensslHmac(request.body, SECRET));
  });

  it('asks for a quote with the amount as a number and reads the {data} answer', async () => {
    server.answer({ status: 200, body: quoteAnswer });
    const quote = await client().calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' });
    expect(only().body.toString('utf8')).toBe('{"sender_currency":"BTC","receiver_currency":"EUR","sender_amount":1}');
    expect(quote).toMatchObject({ sender_amount: '1', receiver_amount: '8549.81680000', fix_period: 60 });
  });

  it('sends {} when a request has no fields, signed like any other body', async () => {
    server.answer({ status: 200, body: pairsAnswer });
    const { pairs } = await client().listPairs({});
    const request = only();
    expect(request.body.toString('utf8')).toBe('{}');
    expect(request.headers['x-processing-signature']).toBe(opensslHmac(request.body, SECRET));
    expect(pairs[0]?.rate_to).toBe('20693.84879354');
  });

  it('pings without a body or signature and expects OK', async () => {
    server.answer({ status: 200, body: 'OK', contentType: 'text/plain' });
    await client().ping();
    const request = only();
    expect(request.path).toBe('/api/v2/ping');
    expect(request.body.length).toBe(0);
    expect(request.headers['x-processing-signature']).toBeUndefined();

    server.answer({ status: 200, body: '<html>welcome</html>', contentType: 'text/html' });
    expect(await failureOf(client().ping())).toMatchObject({ kind: 'unexpected_response', field: '(body)', status: 200 });
  });

  // The rules of a request are checked once, by the router (router.test.ts: "the one check of a
  // request"); the client's callers are typed. What the client keeps is that its bytes are JSON.
  it('refuses to write an amount that is not a JSON number, and sends nothing', async () => {
    const notANumber = { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1}, "x": {' };
    await expect(client().calculateQuote(notANumber)).rejects.toThrow(/Invalid number/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('what comes back', () => {
  it('keeps a long JSON number amount exactly as its text, and hands over the raw answer', async () => {
    server.answer({ status: 200, body: transactionAnswer });
    const { transaction, raw } = await client().lookupTransaction({ id: 42 });
    expect(transaction.currency_sent?.amount).toBe('12345678.12345678');
    expect(transaction.transactions[0]).toMatchObject({ amount: '0.00300000', confirmations: 9 });
    expect(raw).toBe(transactionAnswer);
  });

  it('sets aside an entry whose field does not fit, naming the field and its value, and keeps the rest', async () => {
    server.answer({ status: 200, body: transactionAnswer.replace('"amount":"0.00300000"', '"amount":true') });
    const { transaction, unreadable } = await client().lookupTransaction({ id: 42 });
    expect(transaction.transactions).toEqual([]);
    expect(transaction.fees).toEqual([{ type: 'mining', currency: 'BTC', amount: '0.0008' }]);
    expect(unreadable.fees).toEqual([]);
    expect(eachMessageInEnglish(unreadable.transactions)).toEqual([{ index: 0, field: 'amount', value: 'true', message: 'expected string or number' }]);
  });

  it('says which entries’ txid arrived as a JSON number, by their place among the entries kept', async () => {
    const entry = (id: number, txid: string) => `{"id":${id},"currency":"BTC","transaction_type":"blockchain","amount":"1","txid":${txid}}`;
    const setAside = '{"id":1,"currency":"BTC","transaction_type":7,"amount":"1"}';
    const entries = [setAside, entry(2, '7.85e+76'), entry(3, '"ab12"'), entry(4, '"7.85e+76"'), entry(5, '123')];
    server.answer({ status: 200, body: `{"id":5,"foreign_id":164,"status":"confirmed","fees":[],"transactions":[${entries.join(',')}]}` });
    const { transaction, unreadable, numericTxids } = await client().lookupTransaction({ id: 5 });
    expect(unreadable.transactions.map((element) => element.index)).toEqual([0]);
    // As text, whatever it arrived as; a txid that is text stays unflagged even when it reads like a number.
    expect(transaction.transactions.map((kept) => ('txid' in kept ? kept.txid : null))).toEqual(['7.85e+76', 'ab12', '7.85e+76', '123']);
    expect(numericTxids).toEqual([0, 3]);
    expect(transaction.foreign_id).toBe('164');
  });

  it('names the field that does not fit outside the lists: the answer as a whole is unreadable', async () => {
    server.answer({ status: 200, body: transactionAnswer.replace('"fees":[', '"fees":{"0":').replace('}],"error"', '}},"error"') });
    const error = await failureOf(client().lookupTransaction({ id: 42 }));
    expect(error).toMatchObject({ kind: 'unexpected_response', field: 'fees', status: 200 });
    expect(error.message).toContain('"fees"');
  });

  it('names a field inside data for a wrapped answer', async () => {
    server.answer({ status: 200, body: quoteAnswer.replace('"price":"8549.81680000"', '"price":"eight"') });
    const error = await failureOf(client().calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' }));
    expect(error).toMatchObject({ kind: 'unexpected_response', field: 'data.price', status: 200 });
  });

  it('says the field’s problem in the window’s language, and in readable English for the log', async () => {
    const failed = async (price: string): Promise<WordedFailure> => {
      server.answer({ status: 200, body: quoteAnswer.replace('"price":"8549.81680000"', `"price":${price}`) });
      return wordedFailureOf(client().calculateQuote({ sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1' }));
    };
    const eight = await failed('"eight"');
    expect(eight.message).toBe('The service answered (HTTP 200) in a shape the console does not know: the field "data.price" does not fit (is not a decimal amount).');
    expect(sayWording(sayerFor('de'), eight.wording)).toBe(
      'Der Dienst hat (HTTP 200) in einer Form geantwortet, die die Konsole nicht kennt: Das Feld „data.price“ passt nicht (ist kein Dezimalbetrag).',
    );
    expect(sayWording(sayerFor('fr'), eight.wording)).toBe(
      'Le service a répondu (HTTP 200) sous une forme que la console ne connaît pas : le champ « data.price » ne correspond pas (n’est pas un montant décimal).',
    );
    const yes = await failed('true');
    expect(yes.message).toBe('The service answered (HTTP 200) in a shape the console does not know: the field "data.price" does not fit (an unexpected type or value).');
    expect(sayWording(sayerFor('de'), yes.wording)).toContain('(ein unerwarteter Typ oder Wert)');
    expect(sayWording(sayerFor('fr'), yes.wording)).toContain('(un type ou une valeur inattendus)');
  });

  it('says an answer that is not JSON, to a request that may have been carried out, in the window’s language', async () => {
    server.answer({ status: 200, body: '{"id": 1,' });
    const thrown = await wordedFailureOf(client().createInvoice(invoiceRequest));
    expect(thrown.error.kind).toBe('outcome_unknown');
    expect(thrown.message).toContain('its answer (HTTP 200) could not be read (the body: not JSON)');
    expect(sayWording(sayerFor('de'), thrown.wording)).toContain('seine Antwort (HTTP 200) konnte nicht gelesen werden (der Inhalt: kein JSON)');
    expect(sayWording(sayerFor('fr'), thrown.wording)).toContain('sa réponse (HTTP 200) n’a pas pu être lue (le corps : pas du JSON)');
  });

  it('accepts any 2xx', async () => {
    server.answer({ status: 200, body: invoiceAnswer });
    expect((await client().createInvoice(invoiceRequest)).amount).toBe('12345678.12345678');
    server.answer({ status: 202, body: pairsAnswer });
    expect((await client().listPairs({ currency_from: 'BTC' })).pairs).toHaveLength(1);
  });
});
