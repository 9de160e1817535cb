import { randomBytes } from 'node:crypto';
import type { Merchant, SandboxData } from './types.ts';

/**
 * A state for a place no key or secret may reach (the app's data folder): each merchant is named
 * by its place in the list, `merchant-1`, `merchant-2`, ..., in the list and in every record, and
 * its secret is left out. Loading gives the places back the merchants the sandbox starts with, in
 * order. The app's sandbox has one, the Local sandbox profile's, whose key and secret stay in the
 * keychain; when that key changes (a keychain that lost it makes a new one), the records stay with
 * the first merchant, as they belong to the data folder, not to a key. A place no merchant is given
 * for keeps its records under its place name and a secret made up here and never written, so
 * nobody can sign as it.
 */

type GivenMerchant = { key: string; secret: string; name?: string };

const placeName = (index: number) => `merchant-${index + 1}`;

function withMerchantKeys(data: SandboxData, merchants: Merchant[], keyOf: (key: string) => string): SandboxData {
  const rekey = <T extends { merchantKey: string }>(record: T): T => ({ ...record, merchantKey: keyOf(record.merchantKey) });
  return {
    ...data,
    merchants,
    quotes: data.quotes.map(rekey),
    invoices: data.invoices.map(rekey),
    addresses: data.addresses.map(rekey),
    transactions: data.transactions.map(rekey),
  };
}

/** A merchant's withdrawal limit, which belongs to the place like its records. */
const limitOf = (m: Merchant): Pick<Merchant, 'withdrawalLimit'> => (m.withdrawalLimit === undefined ? {} : { withdrawalLimit: m.withdrawalLimit });

/** The state to write: merchants by place, no key, no secret. */
export function withoutCredentials(data: SandboxData): SandboxData {
  const places = new Map(data.merchants.map((m, index) => [m.key, placeName(index)]));
  const merchants = data.merchants.map((m, index): Merchant => ({ key: placeName(index), secret: '', name: m.name, ...limitOf(m) }));
  return withMerchantKeys(data, merchants, (key) => places.get(key) ?? 'merchant-unknown');
}

/** The state read back: each place's records under the merchant given for it, in order. */
export function withCredentials(data: SandboxData, given: readonly GivenMerchant[]): SandboxData {
  const keys = new Map<string, string>();
  const merchants = data.merchants.map((stored, index) => {
    const merchant = given[index];
    const bound: Merchant = merchant
      ? { key: merchant.key, secret: merchant.secret, name: merchant.name ?? stored.name, ...limitOf(stored) }
      : { key: stored.key, secret: randomBytes(32).toString('hex'), name: stored.name, ...limitOf(stored) };
    keys.set(stored.key, bound.key);
    return bound;
  });
  return withMerchantKeys(data, merchants, (key) => keys.get(key) ?? key);
}
