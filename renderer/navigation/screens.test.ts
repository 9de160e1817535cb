import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Screens from './screens.ts';

/*
 * The navigation store reads the window's address when it is created, so the test gives it one
 * before importing. "New invoice like this" in History hands the recorded request to New invoice
 * through this store, not through an import of the invoices feature; it must arrive once.
 */

let screens: typeof Screens;
const replaced: string[] = [];

beforeAll(async () => {
  vi.stubGlobal('window', { location: { hash: '#history' }, history: { replaceState: (_: unknown, __: string, url: string) => replaced.push(url) } });
  screens = await import('./screens.ts');
});

describe('an invoice request handed over by History', () => {
  it('opens New invoice and is taken exactly once', () => {
    const { useNavigation } = screens;
    expect(useNavigation.getState().screen).toBe('history');
    const recorded = { title: 'Order 1001', currency: 'EUR', amount: '100.50' };
    useNavigation.getState().openInvoiceLike(recorded);
    expect(useNavigation.getState().screen).toBe('invoices');
    expect(replaced.at(-1)).toBe('#invoices');

    expect(useNavigation.getState().takeInvoiceTemplate()).toEqual(recorded);
    // A second effect run (StrictMode) or a later visit finds nothing left to start from.
    expect(useNavigation.getState().takeInvoiceTemplate()).toBeNull();
    expect(useNavigation.getState().pendingInvoice).toBeNull();
  });

  it('leaves a pending lookup alone, and is left alone by it', () => {
    const { useNavigation } = screens;
    useNavigation.getState().openInvoiceLike({ title: 'Order 1002' });
    useNavigation.getState().openLookup({ id: 7 });
    expect(useNavigation.getState().takeLookup()).toEqual({ id: 7 });
    expect(useNavigation.getState().takeInvoiceTemplate()).toEqual({ title: 'Order 1002' });
  });

  it('finds nothing when no screen handed anything over', () => {
    expect(screens.useNavigation.getState().takeInvoiceTemplate()).toBeNull();
  });
});
