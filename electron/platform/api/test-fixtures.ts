import { execFileSync } from 'node:child_process';
import type { FixedExchangeRequest, InvoiceCreateRequest } from '../../../shared/api/index.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import type { AppError } from '../../../shared/ipc/errors.ts';

/** Test-only helpers and sample bodies for the client's tests (sample bodies: docs/service-interface.md, "Sample bodies"). */

export const API_KEY = 'pk_test_KEY_4f2a9c';
export const SECRET = 'sk_test_SECRET_9b7e1d0c';

/** The HMAC as the real openssl binary computes it over the given bytes. */
export function opensslHmac(body: Buffer, secret: string): string {
  const output = execFileSync('openssl', ['dgst', '-sha512', '-hmac', secret], { input: body }).toString('utf8').trim();
  return output.split('= ').pop() ?? '';
}

/** The AppError a promise rejects with; fails the test if it resolves or throws something else. */
export async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppFailure(error)) return error.error;
    throw error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}

export const invoiceRequest: InvoiceCreateRequest = {
  timer: false,
  title: 'Order 1001 - Café €',
  foreign_id: 'inv-1001',
  currency: 'EUR',
  amount: '12345678.12345678',
  url_success: 'https://shop.example.com/paid',
  url_failed: 'https://shop.example.com/failed',
  email_user: 'buyer@example.com',
  end_user_reference: 'customer-77',
  sender_type: 'natural',
  sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-01-02', email: '' },
};

export const fixedRequest: FixedExchangeRequest = {
  foreign_id: 'fx-0250',
  price: '77314.26444333',
  sender_currency: 'BTC',
  receiver_currency: 'EUR',
  sender_amount: '0.003',
};

export const invoiceAnswer =
  '{"data":{"id":826900,"url":"https://invoices.sandbox.cryptoprocessing.com/invoice/Jyf1cQ","foreign_id":"inv-1001","end_user_reference":"customer-77","address":null,"title":"Order 1001","status":"created","currency":"EUR","amount":"12345678.12345678","sender_currency":null,"sender_amount":null,"fixed_at":null,"release_at":null,"seconds_left":null}}';

export const orderAnswer =
  '{"data":{"sender_currency":"BTC","sender_amount":"0.00300000","receiver_currency":"EUR","receiver_amount":"231.94279333","fee_currency":"BTC","fee_amount":"0.00015000","price":"77314.26444333","id":134704049,"foreign_id":"fx-0250","type":"exchange","status":"processing"}}';

export const quoteAnswer =
  '{"data":{"sender_amount":1,"sender_currency":"BTC","receiver_amount":"8549.81680000","receiver_currency":"EUR","fee_amount":"85.49816800","fee_currency":"BTC","price":"8549.81680000","ts_fixed":1564293159,"ts_release":1564293219,"fix_period":60}}';

export const pairsAnswer =
  '{"data":[{"currency_from":{"currency":"BTC","type":"crypto","min_amount":"0.00010000","min_amount_deposit_with_exchange":"0.00010000"},"currency_to":{"currency":"EUR","type":"fiat"},"rate_from":"1","rate_to":"20693.84879354"}]}';

export const transactionAnswer =
  '{"id":42,"foreign_id":"w-1","type":"withdrawal","currency_sent":{"currency":"BTC","amount":12345678.12345678},' +
  '"transactions":[{"id":7,"currency":"BTC","transaction_type":"blockchain","type":"withdrawal","address":"bc1qexample","tag":null,' +
  '"amount":"0.00300000","txid":"ab12","riskscore":"0.1","confirmations":"9"}],' +
  '"fees":[{"type":"mining","currency":"BTC","amount":"0.0008"}],"error":null,"status":"confirmed"}';
