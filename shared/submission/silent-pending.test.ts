import { describe, expect, it } from 'vitest';
import { journalEntryOf } from '../ipc/testing/journal-entry.ts';
import { isSilentPending, needsPersonCheck, SILENT_PENDING_AFTER_MS, silentMinutes } from './silent-pending.ts';

// The screens' side of the rule main's journals apply in SQL (electron/platform/journal/attention-sql.ts):
// the same threshold, the same strict "longer than".

const SENT = '2026-05-04T10:00:00.000Z';
const sent = journalEntryOf({ operation: 'invoices.create', state: 'pending', sentAt: SENT, updatedAt: SENT });
const at = (ms: number) => Date.parse(SENT) + ms;

describe('a sent submission with no answer recorded', () => {
  it('is silent only once longer than the threshold has passed since its last update', () => {
    expect(isSilentPending(sent, at(SILENT_PENDING_AFTER_MS))).toBe(false);
    expect(isSilentPending(sent, at(SILENT_PENDING_AFTER_MS + 1))).toBe(true);
    expect(needsPersonCheck(sent, at(SILENT_PENDING_AFTER_MS + 1))).toBe(true);
    expect(silentMinutes(sent, at(12 * 60_000 + 59_999))).toBe(12);
  });

  it('never for a try that was not sent, nor for a settled entry; an unknown outcome always needs a check', () => {
    const long = at(24 * 3600_000);
    expect(isSilentPending({ ...sent, sentAt: null }, long)).toBe(false);
    expect(isSilentPending({ ...sent, state: 'failed' }, long)).toBe(false);
    expect(needsPersonCheck({ ...sent, state: 'succeeded' }, long)).toBe(false);
    expect(needsPersonCheck({ ...sent, state: 'unknown' }, at(0))).toBe(true);
    expect(silentMinutes({ ...sent, state: 'unknown' }, long)).toBe(0);
  });
});
