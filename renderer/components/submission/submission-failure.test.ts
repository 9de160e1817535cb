import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { submissionFailureOf } from './submission-failure.ts';

// What a form does with a failed send (New invoice, Deposit address): it shows main's decision
// (shared/submission/outcome.ts, decisionOf), and a refusal lands on the fields it names.

const fieldOf = (name: string) => (name === 'foreign_id' || name === 'currency' ? name : null);
const failure = (error: AppError) => submissionFailureOf(error, 'addr-20250601-k3x9q2mz', fieldOf);

describe('a failed send', () => {
  it('is an unknown outcome when the answer was lost, under the foreign id main names', () => {
    expect(failure({ kind: 'outcome_unknown', message: 'No answer came back.', foreignId: 'addr-from-main' })).toEqual({
      kind: 'unknown',
      unknown: { foreignId: 'addr-from-main', message: 'No answer came back.' },
    });
  });

  it('is an unknown outcome after a server error, under the foreign id it was sent with', () => {
    expect(failure({ kind: 'service', status: 502, message: 'The service answered with a server error (HTTP 502).' })).toEqual({
      kind: 'unknown',
      unknown: { foreignId: 'addr-20250601-k3x9q2mz', message: 'The service answered with a server error (HTTP 502).' },
    });
  });

  it('is a refusal, in the form’s own alert, when nothing left this computer', () => {
    expect(failure({ kind: 'network', message: 'Could not talk to the service.' })).toEqual({ kind: 'refused', fields: [], general: 'Could not talk to the service.' });
  });

  it('puts the service’s field messages on the form’s fields, and the rest in its alert', () => {
    const refused = failure({
      kind: 'validation',
      message: 'The service refused the request.',
      fields: { foreign_id: 'The foreign id is at most 255 characters.', receiver_data: 'Not expected here.' },
    });
    expect(refused).toEqual({ kind: 'refused', fields: [['foreign_id', 'The foreign id is at most 255 characters.']], general: 'Not expected here.' });
    expect(failure({ kind: 'validation', message: 'Refused.', fields: { currency: 'Unknown currency.' } })).toEqual({
      kind: 'refused',
      fields: [['currency', 'Unknown currency.']],
      general: null,
    });
  });

  it('shows main’s decision, not one of its own: a server error main knows never left is a refusal', () => {
    const proxy = { kind: 'service', status: 502, message: 'The proxy answered with a server error (HTTP 502).' } as const;
    expect(failure({ ...proxy, decision: 'not_carried_out' })).toEqual({ kind: 'refused', fields: [], general: proxy.message });
    expect(failure({ ...proxy, decision: 'outcome_unknown' })).toMatchObject({ kind: 'unknown' });
  });

  it('is a duplicate when the service refused the foreign id as taken, with the service’s words for the field', () => {
    const taken: AppError = { kind: 'validation', message: 'The service already has an invoice with the foreign id inv-1.', fields: { foreign_id: 'The foreign id has already been taken.' } };
    expect(failure(taken)).toEqual({ kind: 'duplicate', message: 'The foreign id has already been taken.' });
    expect(failure({ ...taken, decision: 'duplicate' })).toEqual({ kind: 'duplicate', message: 'The foreign id has already been taken.' });
  });

  it('is the same duplicate when main refused to send the foreign id again, in main’s words', () => {
    const sentBefore: AppError = { kind: 'already_sent', foreignId: 'inv-1', message: 'The invoice with foreign id inv-1 was already sent once.', decision: 'duplicate' };
    expect(failure(sentBefore)).toEqual({ kind: 'duplicate', message: sentBefore.message });
  });
});
