import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../shared/i18n/testing/in-english.ts';
import { localDesktop } from './testing/local-desktop.ts';
import { sampleInvoiceRequest } from './testing/invoice-request.ts';
import type { Outcomes } from './testing/local-desktop.ts';

// The whole callback loop on the Local sandbox, through main's router as the renderer asks: an
// invoice made, paid on the sandbox, its callbacks posted to the app's own receiver, read back by
// the desktop, and shown as the invoice's outcome with its txid; a late or repeated callback never
// undoes a final outcome.

const { services, value, outcomeOf, passTime, disputeReportText } = localDesktop('local-callbacks');

describe('outcomes on the Local sandbox', () => {
  it('shows an invoice paid: payment seen with its txid, then paid and confirmed, read from the app’s own receiver', async () => {
    const { invoice, journalId } = await value<{ invoice: { id: number }; journalId: number }>('invoices.create', sampleInvoiceRequest());
    expect(await outcomeOf(journalId)).toBeUndefined(); // nothing reported yet

    const sandbox = await services().sandbox.ensure();
    const fixed = sandbox.chooseInvoiceCurrency(invoice.id, 'BTC');
    const paid = sandbox.payInvoice(invoice.id, { amount: fixed.sender_amount!, currency: 'BTC' });
    const txid = (await value<{ transaction: { transactions: Array<{ txid?: string }> } }>('transactions.lookup', { id: paid.transactionId })).transaction.transactions[0]?.txid;
    expect(txid).toMatch(/^[0-9a-f]{64}$/);

    await expect.poll(async () => (await outcomeOf(journalId))?.current.status, { timeout: 10_000, interval: 300 }).toBe('pending');
    const seen = await outcomeOf(journalId);
    expect(seen?.current).toMatchObject({ tone: 'wait', txids: [txid] });
    expect(inEnglish(seen?.current.words)).toBe('Payment seen, waiting for confirmations');
    expect(seen?.final).toBe(false);

    passTime(60_000); // enough confirmations on the sandbox's chain
    await expect.poll(async () => (await outcomeOf(journalId))?.current.status, { timeout: 10_000, interval: 300 }).toBe('confirmed');
    const confirmed = await outcomeOf(journalId);
    expect(confirmed).toMatchObject({ final: true, known: true, current: { tone: 'ok', txids: [txid] } });
    expect(inEnglish(confirmed?.current.words)).toBe('Paid and confirmed');
    expect(confirmed?.timeline.map((step) => step.status)).toEqual(['pending', 'confirmed']);
  });

  it('names, in a dispute report by txid, the invoice the service’s callback names for the payment', async () => {
    const request = sampleInvoiceRequest({ currency: 'BTC', amount: '0.01' });
    const { invoice } = await value<{ invoice: { id: number } }>('invoices.create', request);
    const sandbox = await services().sandbox.ensure();
    const paid = sandbox.payInvoice(invoice.id, { amount: '0.01', currency: 'BTC' });
    await expect.poll(() => sandbox.flushCallbacks()).toBe(0); // the app's receiver has it
    const txid = (await value<{ transaction: { transactions: Array<{ txid?: string }> } }>('transactions.lookup', { id: paid.transactionId })).transaction.transactions[0]?.txid;
    const owners = await value<{ owners: unknown[] }>('outcomes.forPayment', { txids: [txid, 'f'.repeat(64)] });
    expect(owners.owners).toEqual([{ type: 'invoice', id: String(invoice.id), foreignId: request.foreign_id }]);
    const { journalId } = await value<{ journalId: number }>('transactions.lookup', { txid });
    const text = await disputeReportText(journalId);
    expect(text).toContain(`Invoice ${request.foreign_id} (named by the service)`);
    expect(text).toContain("The service's callback for this payment names this invoice.");
  });

  it('says the service’s reason and what is left to pay for an underpaid invoice', async () => {
    const { invoice, journalId } = await value<{ invoice: { id: number }; journalId: number }>(
      'invoices.create',
      sampleInvoiceRequest({ type: 'fill_or_kill' }),
    );
    const sandbox = await services().sandbox.ensure();
    sandbox.chooseInvoiceCurrency(invoice.id, 'BTC');
    sandbox.payInvoice(invoice.id, { amount: '0.00001', currency: 'BTC' });
    await expect.poll(async () => (await outcomeOf(journalId))?.current.status, { timeout: 10_000, interval: 300 }).toBe('failed');
    const failed = await outcomeOf(journalId);
    expect(inEnglish(failed?.current.words)).toBe('Failed: User paid less than requested.');
    expect(failed?.current.tone).toBe('bad');
    expect(failed?.current.leftToPay).toMatch(/^\d+\.\d+ BTC$/);
  });

  it('lists a failed invoice for the attention banner once, until it is marked seen', async () => {
    const request = sampleInvoiceRequest({ type: 'fill_or_kill' });
    const { invoice } = await value<{ invoice: { id: number } }>('invoices.create', request);
    const sandbox = await services().sandbox.ensure();
    sandbox.chooseInvoiceCurrency(invoice.id, 'BTC');
    sandbox.payInvoice(invoice.id, { amount: '0.00001', currency: 'BTC' });
    await expect.poll(() => sandbox.flushCallbacks()).toBe(0);
    type Failed = { failed: Array<{ invoiceId: string; foreignId: string | null; words: string; leftToPay: string | null }> };
    await expect.poll(async () => (await value<Failed>('outcomes.attention', {})).failed.length, { timeout: 5_000 }).toBe(1);
    const [listed] = (await value<Failed>('outcomes.attention', {})).failed;
    expect(listed).toMatchObject({ invoiceId: String(invoice.id), foreignId: request.foreign_id });
    expect(inEnglish(listed?.words)).toBe('Failed: User paid less than requested.');
    expect(listed?.leftToPay).toMatch(/ BTC$/);

    expect(await value('outcomes.markSeen', { invoiceId: String(invoice.id) })).toEqual({ marked: true });
    expect((await value<Failed>('outcomes.attention', {})).failed).toEqual([]);
    expect(await value('outcomes.markSeen', { invoiceId: String(invoice.id) })).toEqual({ marked: false });
    // A paid invoice never needs it.
    const paid = await value<{ invoice: { id: number } }>('invoices.create', sampleInvoiceRequest());
    const fixed = sandbox.chooseInvoiceCurrency(paid.invoice.id, 'BTC');
    sandbox.payInvoice(paid.invoice.id, { amount: fixed.sender_amount!, currency: 'BTC' });
    await expect.poll(() => sandbox.flushCallbacks()).toBe(0);
    expect((await value<Failed>('outcomes.attention', {})).failed).toEqual([]);
  });

  it('answers no outcomes, and says so, for a profile without a receiver', async () => {
    await value('profiles.save', { name: 'Service sandbox', baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2', apiKey: 'k', secret: 's' });
    const list = await value<{ profiles: Array<{ id: string; name: string }> }>('profiles.list', {});
    const other = list.profiles.find((p) => p.name === 'Service sandbox');
    await value('profiles.select', { id: other?.id });
    expect(await value<Outcomes>('outcomes.forEntries', { ids: [1] })).toEqual({ source: { kind: 'no-receiver' }, outcomes: [] });
  });
});
