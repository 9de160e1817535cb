import { describe, expect, it } from 'vitest';
import type { DeskCheck, DeskDraft, DeskTry } from '../platform/journal/index.ts';
import { UNKNOWN_SEND_SAFE_MS } from '../platform/journal/index.ts';
import { holderOf, stateOf } from './draft-states.ts';

/**
 * A claimed draft's state as the screens see it, from its claim, its checks and the journal's tries
 * under its foreign id: `unknown` wherever a send may have left with no answer, or another desktop's
 * claim went quiet; `unsent` once a check found it not sent and nothing followed.
 */

const CLAIMED = Date.parse('2026-11-27T06:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const HERE = 'desk-here';
const THERE = 'desk-there';

const claimed = (desktopId: string, tries: DeskTry[] = [], checks: DeskCheck[] = []): DeskDraft => ({
  id: 1,
  profileId: 'shop',
  profileName: 'Shop',
  foreignId: 'wdr-1',
  currency: 'BTC',
  amount: '0.1',
  request: '{}',
  requestSha256: 'x',
  batchId: null,
  draftedLogin: null,
  draftedBy: null,
  draftedAt: at(CLAIMED - 1000),
  expiresAt: at(CLAIMED + 86_400_000),
  expired: false,
  decisions: [{ decision: 'approve', login: 'ben', decidedBy: 'Ben', reason: null, decidedAt: at(CLAIMED) }],
  claim: { login: 'ben', desktopId, claimedAt: at(CLAIMED) },
  missing: 0,
  checks,
  tries,
});
const tried = (id: number, state: DeskTry['state'], sent: boolean, httpStatus: number | null = null): DeskTry => ({ id, state, sentAt: sent ? at(CLAIMED + 10) : null, httpStatus });
const check = (attempt: number, outcome: DeskCheck['outcome'], desktopId: string, judgedEntry: number | null): DeskCheck => ({
  attempt,
  outcome,
  serviceId: outcome === 'sent' ? '77' : null,
  serviceStatus: null,
  judgedEntry,
  login: 'ben',
  checkedBy: 'Ben',
  desktopId,
  checkedAt: at(CLAIMED + UNKNOWN_SEND_SAFE_MS + 20),
});
const soon = CLAIMED + 1000;
const later = CLAIMED + UNKNOWN_SEND_SAFE_MS + 1000;

describe("a claimed withdrawal draft's state", () => {
  it('is unknown when a try may have left with no answer, whatever the time', () => {
    expect(stateOf(claimed(HERE, [tried(5, 'unknown', true)]), HERE, soon)).toBe('unknown');
    // Settled as failed by hand after its sent mark, with no answer: still only the service can say.
    expect(stateOf(claimed(HERE, [tried(5, 'failed', true)]), HERE, soon)).toBe('unknown');
    // Sent and silent: in flight at first, unknown past the safe time.
    expect(stateOf(claimed(THERE, [tried(5, 'pending', true)]), HERE, soon)).toBe('sending');
    expect(stateOf(claimed(THERE, [tried(5, 'pending', true)]), HERE, later)).toBe('unknown');
  });

  it("is unknown when another desktop's claim went quiet with no try, past the safe time; this desktop's own resumes it", () => {
    expect(stateOf(claimed(THERE), HERE, soon)).toBe('sending');
    expect(stateOf(claimed(THERE), HERE, later)).toBe('unknown');
    expect(stateOf(claimed(HERE), HERE, later)).toBe('sending');
  });

  it('is sent once the service answered yes or a check found it there, and after a clear refusal is no longer unknown', () => {
    expect(stateOf(claimed(HERE, [tried(5, 'succeeded', true, 201)]), HERE, later)).toBe('sending');
    expect(stateOf(claimed(HERE, [tried(5, 'unknown', true)], [check(1, 'sent', HERE, 5)]), HERE, later)).toBe('sending');
    expect(stateOf(claimed(HERE, [tried(5, 'failed', true, 422)]), HERE, later)).toBe('sending');
  });

  it('is unsent after a not-sent check until the next send, which only the checking desktop makes', () => {
    const released = claimed(THERE, [tried(5, 'failed', true)], [check(1, 'not-sent', HERE, 5)]);
    expect(stateOf(released, HERE, later)).toBe('unsent');
    expect(holderOf(released)).toBe(HERE);
    expect(stateOf({ ...released, tries: [...released.tries, tried(9, 'unknown', true)] }, HERE, later)).toBe('unknown');
    expect(stateOf({ ...released, tries: [...released.tries, tried(9, 'succeeded', true, 201)] }, HERE, later)).toBe('sending');
  });
});
