import { describe, expect, it } from 'vitest';
import type { AppError } from '../ipc/errors.ts';
import { decisionOf, foreignIdReusable, isDuplicate, isForeignIdTaken, mayHaveHappened, neverLeft, submissionDecision, submissionOutcome } from './outcome.ts';

const lost: AppError = { kind: 'outcome_unknown', message: 'lost', foreignId: 'f-1' };
const bug: AppError = { kind: 'internal', message: 'Something went wrong.' };
const refusals: AppError[] = [
  { kind: 'validation', message: 'no', fields: { price: 'released' } },
  { kind: 'authentication', message: 'no', code: 'bad_header_signature' },
  { kind: 'not_found', message: 'no' },
  { kind: 'unsupported', message: 'no' },
  { kind: 'rate_limited', message: 'no', retryAt: 0 },
  { kind: 'service', message: 'no', status: 409 },
];
const beforeSending: AppError[] = [
  { kind: 'network', message: 'refused' },
  { kind: 'timeout', message: 'no connection' },
  { kind: 'configuration', message: 'no secret' },
  { kind: 'invalid_request', message: 'bad', fields: {} },
  { kind: 'not_confirmed', message: 'nobody said yes' },
  { kind: 'already_sent', message: 'main refused to send it again', foreignId: 'f-1' },
  { kind: 'internal', message: 'failed before sending', sent: false },
  { kind: 'journal_unavailable', message: 'The team journal cannot be reached. Nothing was sent.' },
];

describe('the one rule: may a submission have happened', () => {
  it("is known when the service answered: its yes succeeded, its clear no failed, sent or not", () => {
    for (const sent of [true, false, null]) {
      expect(submissionOutcome({ sent, end: 'success' })).toBe('succeeded');
      for (const error of refusals) expect(submissionOutcome({ sent, end: error }), error.kind).toBe('failed');
    }
  });

  it('is unknown once sent without a clear answer: a lost answer, a 5xx, an unreadable answer, an internal error after sending', () => {
    const unclear: AppError[] = [lost, bug, { kind: 'service', message: 'x', status: 503 }, { kind: 'unexpected_response', message: 'x', field: '(body)', status: 200 }];
    for (const error of unclear) expect(submissionOutcome({ sent: true, end: error }), error.kind).toBe('unknown');
    // Even an error that normally comes before sending: the mark says the bytes may have left.
    for (const error of beforeSending) expect(submissionOutcome({ sent: true, end: error }), error.kind).toBe('unknown');
  });

  it('is failed when main knows nothing was sent, except when the transport says the connection was up', () => {
    expect(submissionOutcome({ sent: false, end: bug })).toBe('failed');
    expect(submissionOutcome({ sent: false, end: { kind: 'service', message: 'x', status: 502 } })).toBe('failed');
    expect(submissionOutcome({ sent: false, end: lost })).toBe('unknown');
  });

  it('after a crash: unknown with the sent mark, failed without it', () => {
    expect(submissionOutcome({ sent: true, end: 'cut_off' })).toBe('unknown');
    expect(submissionOutcome({ sent: false, end: 'cut_off' })).toBe('failed');
    expect(submissionOutcome({ sent: null, end: 'cut_off' })).toBe('unknown');
  });

  it('where the mark cannot be seen (the renderer), only an error that cannot come after sending proves nothing left', () => {
    for (const error of beforeSending) expect(mayHaveHappened({ sent: null, end: error }), error.kind).toBe(false);
    expect(mayHaveHappened({ sent: null, end: bug })).toBe(true);
    expect(mayHaveHappened({ sent: null, end: lost })).toBe(true);
    expect(mayHaveHappened({ sent: null, end: { kind: 'service', message: 'x', status: 500 } })).toBe(true);
  });
});

describe('reusing a foreign id', () => {
  const unsent = { state: 'failed', sentAt: null, httpStatus: null } as const;

  it('is allowed only when every earlier try provably never left', () => {
    expect(foreignIdReusable([])).toBe(true);
    expect(foreignIdReusable([unsent, unsent])).toBe(true);
    expect(neverLeft(unsent)).toBe(true);
  });

  it('is refused after any try that may have left: sent, answered, pending, unknown, succeeded, resolved by hand', () => {
    const blocking = [
      { state: 'failed', sentAt: '2026-01-01T00:00:00.000Z', httpStatus: 400 },
      { state: 'failed', sentAt: null, httpStatus: 400 },
      { state: 'failed', sentAt: '2026-01-01T00:00:00.000Z', httpStatus: null },
      { state: 'pending', sentAt: null, httpStatus: null },
      { state: 'unknown', sentAt: '2026-01-01T00:00:00.000Z', httpStatus: null },
      { state: 'succeeded', sentAt: '2026-01-01T00:00:00.000Z', httpStatus: 201 },
    ] as const;
    for (const entry of blocking) {
      expect(neverLeft(entry), JSON.stringify(entry)).toBe(false);
      expect(foreignIdReusable([unsent, entry]), JSON.stringify(entry)).toBe(false);
    }
  });
});

describe('the decision a failed submission carries', () => {
  const taken: AppError = { kind: 'validation', message: 'Refused.', fields: { foreign_id: 'The foreign id has already been taken.' } };
  const sentBefore: AppError = { kind: 'already_sent', message: 'main refused to send it again', foreignId: 'f-1' };

  it('is a duplicate when the foreign id was used before, whoever said so: main or the service', () => {
    expect(isDuplicate(sentBefore)).toBe(true);
    expect(isDuplicate(taken)).toBe(true);
    for (const sent of [true, false, null]) {
      expect(submissionDecision({ sent, end: taken })).toBe('duplicate');
    }
    expect(submissionDecision({ sent: false, end: sentBefore })).toBe('duplicate');
  });

  it('knows the service’s words for a foreign id it already has, and only those', () => {
    expect(isForeignIdTaken('The foreign id has already been taken.')).toBe(true);
    expect(isForeignIdTaken('The foreign id is at most 255 characters')).toBe(false);
    expect(isForeignIdTaken(undefined)).toBe(false);
    // Another field taken is no duplicate of the foreign id.
    expect(isDuplicate({ kind: 'validation', message: 'Refused.', fields: { email_user: 'The email has already been taken.' } })).toBe(false);
  });

  it('is outcome_unknown whenever it may have happened, and not_carried_out otherwise', () => {
    expect(submissionDecision({ sent: true, end: bug })).toBe('outcome_unknown');
    expect(submissionDecision({ sent: null, end: lost })).toBe('outcome_unknown');
    expect(submissionDecision({ sent: false, end: bug })).toBe('not_carried_out');
    expect(submissionDecision({ sent: false, end: { kind: 'service', message: 'x', status: 502 } })).toBe('not_carried_out');
    for (const error of refusals) expect(submissionDecision({ sent: true, end: error }), error.kind).toBe('not_carried_out');
  });

  it('is main’s on the screens: the error’s own decision wins over what the screen could see', () => {
    const proxy502: AppError = { kind: 'service', message: 'x', status: 502 };
    expect(decisionOf(proxy502)).toBe('outcome_unknown');
    expect(decisionOf({ ...proxy502, decision: 'not_carried_out' })).toBe('not_carried_out');
    expect(decisionOf({ ...taken, decision: 'duplicate' })).toBe('duplicate');
  });
});
