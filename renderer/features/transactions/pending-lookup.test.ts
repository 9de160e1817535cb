import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Screens from '../../navigation/screens.ts';
import { formValuesOf } from './lookup-form-schema.ts';
import type * as PendingLookup from './pending-lookup.ts';

/*
 * The navigation store reads the window's address when it is created, so the test gives it one
 * before importing. The Transactions screen's hook (usePendingLookup) runs takePendingLookup in an
 * effect; what matters is tested here: another screen's query arrives once, and only once.
 */

type Modules = { screens: typeof Screens; pending: typeof PendingLookup };
let modules: Modules;

beforeAll(async () => {
  vi.stubGlobal('window', { location: { hash: '#invoices' }, history: { replaceState: () => undefined } });
  modules = { screens: await import('../../navigation/screens.ts'), pending: await import('./pending-lookup.ts') };
});

describe('a lookup handed over by another screen', () => {
  it('opens the Transactions screen and is taken exactly once', () => {
    const { useNavigation } = modules.screens;
    useNavigation.getState().openLookup({ id: 4242 });
    expect(useNavigation.getState().screen).toBe('transactions');

    const taken = modules.pending.takePendingLookup();
    expect(taken).toEqual({ id: 4242 });
    expect(formValuesOf(taken)).toEqual({ by: 'id', value: '4242' });
    // A second effect run (StrictMode) or a later visit finds nothing left to run.
    expect(modules.pending.takePendingLookup()).toBeNull();
    expect(useNavigation.getState().pendingLookup).toBeNull();
  });

  it('carries a foreign id query as text', () => {
    modules.screens.useNavigation.getState().openLookup({ foreign_id: 'example-withdrawal-cancelled' });
    const taken = modules.pending.takePendingLookup();
    expect(formValuesOf(taken)).toEqual({ by: 'foreign_id', value: 'example-withdrawal-cancelled' });
  });

  it('finds nothing when no screen asked', () => {
    expect(modules.pending.takePendingLookup()).toBeNull();
  });
});
