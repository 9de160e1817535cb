import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { OutcomeSource } from '../../../shared/ipc/index.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { EntryDialog } from './EntryDialog.tsx';

// An invoice's detail in History, when the profile's outcomes cannot be read: the receiver notice.

const invoice = journalEntryOf({ operation: 'invoices.create', serviceId: '826900', foreignId: 'inv-1', profileId: 'p1', profileName: 'Shop' });
const detail = (source: OutcomeSource | null, entry = invoice) =>
  staticMarkup(createElement(EntryDialog, { entry, outcomes: { byEntry: new Map(), source }, onClose: () => undefined, onChange: () => undefined }));

describe("an entry's detail without a readable receiver", () => {
  it('says a receiver is needed, and where to set it, for an invoice of a profile that has none', () => {
    const html = detail({ kind: 'no-receiver' });
    expect(html).toContain('data-testid="receiver-notice"');
    expect(readableText(html)).toContain('whether this invoice was paid');
  });

  it('says the receiver could not be read, and why', () => {
    const text = readableText(detail({ kind: 'unreachable', url: 'https://callbacks.example.com', problem: 'It answered 503.' }));
    expect(text).toContain('The receiver could not be read');
    expect(text).toContain('It answered 503.');
  });

  it('says nothing of receivers when one was read and nothing is reported yet', () => {
    const html = detail({ kind: 'receiver', url: 'https://callbacks.example.com' });
    expect(html).not.toContain('data-testid="receiver-notice"');
    expect(readableText(html)).toContain('Nothing reported yet');
  });

  it('for an exchange, says the console checks with the service itself', () => {
    const text = readableText(detail({ kind: 'no-receiver' }, { ...invoice, operation: 'exchange.place' }));
    expect(text).toContain('the console asks the service itself whether the exchange settled');
    expect(text).not.toContain('A receiver is needed');
  });
});
