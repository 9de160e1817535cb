import type { JournalEntry } from '../journal.ts';

/**
 * A journal entry as main answers it, for tests that need one without a journal: a succeeded
 * lookup of the local sandbox with nothing recorded, changed by `patch`.
 */
export function journalEntryOf(patch: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 7,
    profileId: 'local-sandbox',
    profileName: 'Local sandbox',
    origin: 'http://127.0.0.1:8787',
    operation: 'transactions.lookup',
    state: 'succeeded',
    foreignId: null,
    serviceId: null,
    serviceStatus: null,
    title: null,
    endUserReference: null,
    currency: null,
    amount: null,
    request: {},
    txids: [],
    address: null,
    response: null,
    httpStatus: null,
    sentAt: null,
    durationMs: null,
    message: null,
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
    madeBy: null,
    madeOn: null,
    resolvedBy: null,
    resolvedOn: null,
    resolvedAt: null,
    madeLogin: null,
    resolvedLogin: null,
    detail: 'whole',
    ...patch,
  };
}
