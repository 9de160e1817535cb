import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../shared/i18n/testing/in-english.ts';
import { localDesktop } from './testing/local-desktop.ts';

// Deposits into a deposit address on the Local sandbox, through main's router as the renderer asks:
// the address taken with its sandbox page, paid into twice, the sandbox's deposit callbacks posted
// to the app's own receiver, read back by the desktop and shown as the address's deposits, each
// with its amount, txid and status; a lookup of a deposit's hash, and its dispute report, say it
// belongs to the address.

const { services, value, outcomeOf, passTime, disputeReportText } = localDesktop('local-deposits');

const takeRequest = (foreignId: string) => ({
  currency: 'BTC',
  foreign_id: foreignId,
  end_user_reference: 'customer-7',
  sender_type: 'natural',
  sender_data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' },
});

type Taken = { address: { id: number; address: string; foreign_id: string }; journalId: number; sandboxPage: string | null };

describe('deposits into an address on the Local sandbox', () => {
  it('lists every deposit into the address with its amount, txid and status, not confirmed then confirmed', async () => {
    const taken = await value<Taken>('addresses.take', takeRequest('addr-local-1'));
    expect(await outcomeOf(taken.journalId)).toBeUndefined(); // nothing paid in yet
    const sandbox = await services().sandbox.ensure();
    const first = sandbox.payAddress(taken.address.id, { amount: '0.01' });
    const second = sandbox.payAddress(taken.address.id, { amount: '0.25' });

    await expect.poll(async () => (await outcomeOf(taken.journalId))?.deposits.length, { timeout: 10_000, interval: 300 }).toBe(2);
    const seen = await outcomeOf(taken.journalId);
    expect(seen?.deposits).toEqual([
      { id: String(first.transactionId), firstAt: expect.any(String), current: expect.objectContaining({ status: 'not_confirmed', amount: '0.01 BTC', txids: [first.txid] }) },
      { id: String(second.transactionId), firstAt: expect.any(String), current: expect.objectContaining({ status: 'not_confirmed', amount: '0.25 BTC', txids: [second.txid] }) },
    ]);
    expect(inEnglish(seen?.deposits[0]?.current.words)).toBe('Being processed');
    expect(seen).toMatchObject({ final: false, known: true, current: { tone: 'wait' } });
    expect(inEnglish(seen?.current.words)).toBe('2 deposits: 2 being processed');

    passTime(60_000); // three blocks on the sandbox's chain
    await expect.poll(async () => inEnglish((await outcomeOf(taken.journalId))?.current.words), { timeout: 10_000, interval: 300 }).toBe('2 deposits: 2 confirmed');
    const confirmed = await outcomeOf(taken.journalId);
    expect(confirmed?.current.tone).toBe('ok');
    expect(confirmed?.final).toBe(false); // an address takes more payments without end
    expect(confirmed?.deposits.map((d) => d.current.status)).toEqual(['confirmed', 'confirmed']);
    // The timeline: every callback of both, each with its amount, in the receiver's order.
    expect(confirmed?.timeline.map((step) => `${step.amount} ${step.status}`)).toEqual(['0.01 BTC not_confirmed', '0.25 BTC not_confirmed', '0.01 BTC confirmed', '0.25 BTC confirmed']);
  });

  it('says a deposit’s hash belongs to the address, by its id and foreign id', async () => {
    const taken = await value<Taken>('addresses.take', takeRequest('addr-local-2'));
    const sandbox = await services().sandbox.ensure();
    const paid = sandbox.payAddress(taken.address.id, { amount: '0.02' });
    await expect.poll(() => sandbox.flushCallbacks()).toBe(0); // the app's receiver has it
    const looked = await value<{ transaction: { crypto_address?: { id?: number } } }>('transactions.lookup', { txid: paid.txid });
    expect(looked.transaction.crypto_address?.id).toBe(taken.address.id);
    const owners = await value<{ owners: unknown[] }>('outcomes.forPayment', { txids: [paid.txid] });
    expect(owners.owners).toEqual([{ type: 'address', id: String(taken.address.id), foreignId: 'addr-local-2' }]);
    // The dispute report of a lookup by the hash names the address, in the service's word.
    const { journalId } = await value<{ journalId: number }>('transactions.lookup', { txid: paid.txid });
    const text = await disputeReportText(journalId);
    expect(text).toContain('Deposit address addr-local-2 (named by the service)');
    expect(text).toContain("The service's callback for this payment names this deposit address.");
  });

  it('answers the sandbox page to pay into the address, which main opens, and opens no other', async () => {
    const taken = await value<Taken>('addresses.take', takeRequest('addr-local-3'));
    const sandbox = await services().sandbox.ensure();
    expect(taken.sandboxPage).toBe(sandbox.addressPayPage(taken.address.id));
    expect(taken.sandboxPage?.startsWith(`${sandbox.origin}/deposit/`)).toBe(true);
    expect(await value('shell.openPaymentPage', { url: taken.sandboxPage })).toEqual({ opened: true });
    expect(services().openedUrls).toEqual([taken.sandboxPage]);
    // A page main did not answer is not opened.
    const other = await services().router.handle('shell.openPaymentPage', { url: `${sandbox.origin}/deposit/someothertoken` }, { via: 'test' });
    expect(other.ok).toBe(false);
  });
});
