import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/ipc/errors.ts';
import { isDuplicateRefusal, submissionFailureOf } from './submission-failure.ts';

// What a form does with a failed send (New invoice, Deposit address): the one rule of
// shared/submission/outcome.ts decides unknown or refused, and a refusal lands on the fields it names.

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
      fields: { foreign_id: 'The foreign id has already been taken.', receiver_data: 'Not expected here.' },
    });
    expect(refused).toEqual({ kind: 'refused', fields: [['foreign_id', 'The foreign id has already been taken.']], general: 'Not expected here.' });
    expect(failure({ kind: 'validation', message: 'Refused.', fields: { currency: 'Unknown currency.' } })).toEqual({
      kind: 'refused',
      fields: [['currency', 'Unknown currency.']],
      general: null,
    });
  });

  it('knows the service’s words for a foreign id it already has', () => {
    expect(isDuplicateRefusal('The foreign id has already been taken.')).toBe(true);
    expect(isDuplicateRefusal('The foreign id is at most 255 characters')).toBe(false);
    expect(isDuplicateRefusal(undefined)).toBe(false);
  });
});
