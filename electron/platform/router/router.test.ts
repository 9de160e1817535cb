import { ruleMessage } from '../../../shared/i18n/index.ts';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../shared/ipc/contract.ts';
import { AppFailure } from '../../../shared/ipc/errors.ts';
import { INTERNAL_MESSAGE, createRouter } from './router.ts';
import type { Handlers } from './router.ts';

const SECRET = 'hunter2-secret-value';

/** Every handler answers correctly unless a test overrides it. */
function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const unused = async (): Promise<never> => {
    throw new Error('not used in this test');
  };
  const base: Handlers = {
    'app.info': async () => ({ version: '1.0.0', dataDir: '/tmp/x' }),
    'app.notices': async () => ({ notices: [] }),
    'locale.get': unused,
    'locale.set': unused,
    'outcomes.forEntries': unused,
    'outcomes.forPayment': unused,
    'outcomes.attention': unused,
    'outcomes.markSeen': unused,
    'profiles.list': async () => ({ profiles: [], activeId: null }),
    'profiles.save': unused,
    'profiles.remove': unused,
    'profiles.select': unused,
    'profiles.test': unused,
    'profiles.testTeamJournal': unused,
    'profiles.uploadHistory': unused,
    'identity.get': unused,
    'identity.set': unused,
    'transactions.lookup': unused,
    'accounts.list': unused,
    'addresses.take': unused,
    'pairs.list': unused,
    'quotes.calculate': unused,
    'quotes.budget': async () => ({ limit: 10, remaining: 10, nextAllowedAt: null }),
    'exchange.place': unused,
    'withdrawals.draft': unused,
    'withdrawals.list': unused,
    'withdrawals.story': unused,
    'withdrawals.approve': unused,
    'withdrawals.reject': unused,
    'withdrawals.check': unused,
    'withdrawals.alone': unused,
    'withdrawals.setAlone': unused,
    'withdrawals.policies': unused,
    'withdrawals.proposePolicy': unused,
    'withdrawals.decidePolicy': unused,
    'withdrawals.importBatch': unused,
    'withdrawals.approveBatch': unused,
    'withdrawals.batch': unused,
    'invoices.create': unused,
    'shell.openPaymentPage': unused,
    'journal.search': unused,
    'journal.get': unused,
    'journal.people': unused,
    'journal.attention': unused,
    'journal.resolve': unused,
    'journal.exportCsv': unused,
    'reports.disputePdf': unused,
  };
  return { ...base, ...overrides };
}

function logged() {
  const lines: string[] = [];
  return { lines, log: (message: string, details: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(details)}`) };
}

describe('router', () => {
  it('answers a valid call with the validated value', async () => {
    const router = createRouter(handlers());
    expect(await router.handle('app.info', {})).toEqual({ ok: true, value: { version: '1.0.0', dataDir: '/tmp/x' } });
  });

  it('refuses a payload the contract does not allow, field by field', async () => {
    let called = false;
    const router = createRouter(handlers({ 'transactions.lookup': async () => { called = true; throw new Error('no'); } }));
    const result = await router.handle('transactions.lookup', { id: 0 });
    expect(result).toEqual({ ok: false, error: { kind: 'invalid_request', message: expect.any(String), fields: { id: ruleMessage('rules.lookup.idMin') } } });
    expect(await router.handle('app.info', { extra: true })).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(await router.handle('app.info', undefined)).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
    expect(called).toBe(false);
  });

  it('is the one check of a request: what the contract refuses never reaches a handler, so nothing is sent', async () => {
    const reached: string[] = [];
    const record = (channel: string) => async (): Promise<never> => {
      reached.push(channel);
      throw new Error('a handler was called');
    };
    const router = createRouter(handlers({ 'transactions.lookup': record('transactions.lookup'), 'quotes.calculate': record('quotes.calculate') }));
    expect(await router.handle('transactions.lookup', { id: 1, foreign_id: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request', fields: { foreign_id: ruleMessage('rules.lookup.exactlyOne') } },
    });
    expect(await router.handle('quotes.calculate', { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '1.5e3' })).toMatchObject({
      ok: false,
      // A shared rule travels encoded (shared/i18n/rule-message.ts): the window words it in its language.
      error: { kind: 'invalid_request', fields: { sender_amount: ruleMessage('rules.amount.exponent') } },
    });
    expect(reached).toEqual([]);
  });

  it('refuses an unknown channel, including names inherited from Object', async () => {
    const router = createRouter(handlers());
    expect(await router.handle('shell.exec', {})).toEqual({ ok: false, error: { kind: 'unknown_channel', message: expect.any(String), channel: 'shell.exec' } });
    expect(await router.handle('__proto__', {})).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } });
    expect(await router.handle('toString', {})).toMatchObject({ ok: false, error: { kind: 'unknown_channel' } });
    expect(await router.handle(42, {})).toMatchObject({ ok: false, error: { kind: 'unknown_channel', channel: 'number' } });
  });

  it('passes a thrown AppFailure through as its typed error', async () => {
    const router = createRouter(handlers({ 'quotes.budget': async () => { throw new AppFailure({ kind: 'rate_limited', message: 'Wait', retryAt: 5 }); } }));
    expect(await router.handle('quotes.budget', {})).toEqual({ ok: false, error: { kind: 'rate_limited', message: 'Wait', retryAt: 5 } });
  });

  it('keeps main’s decision on a failed submission, so the screen shows it instead of deciding again', async () => {
    const error = { kind: 'service', status: 502, message: 'The proxy answered with a server error (HTTP 502).', decision: 'not_carried_out' } as const;
    const router = createRouter(handlers({ 'quotes.budget': async () => { throw new AppFailure(error); } }));
    expect(await router.handle('quotes.budget', {})).toEqual({ ok: false, error });
  });

  it('turns a plain Error into the generic internal error, without stack or message', async () => {
    const { lines, log } = logged();
    const router = createRouter(handlers({ 'quotes.budget': async () => { throw new Error(`boom with ${SECRET}`); } }), { log });
    const result = await router.handle('quotes.budget', {});
    expect(result).toEqual({ ok: false, error: { kind: 'internal', message: INTERNAL_MESSAGE } });
    const text = JSON.stringify(result);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('router.test.ts');
    expect(lines.join('\n')).toContain('quotes.budget');
  });

  it('refuses a handler answer that breaks the response schema, logging paths but not values', async () => {
    const { lines, log } = logged();
    // A handler that leaks a secret in a field the contract does not have, and misses a required one.
    const router = createRouter(
      handlers({ 'app.info': async () => ({ version: 1, dataDir: SECRET }) as unknown as { version: string; dataDir: string } }),
      { log },
    );
    expect(await router.handle('app.info', {})).toEqual({ ok: false, error: { kind: 'internal', message: INTERNAL_MESSAGE } });
    expect(lines.join('\n')).toContain('version');
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('drops fields the contract does not name from an answer', async () => {
    const router = createRouter(handlers({ 'app.info': async () => ({ version: '1', dataDir: '/d', secret: SECRET }) as never }));
    expect(JSON.stringify(await router.handle('app.info', {}))).not.toContain(SECRET);
  });

  it('replaces a malformed AppError with the internal one', async () => {
    const router = createRouter(handlers({ 'quotes.budget': async () => { throw new AppFailure({ kind: 'nonsense', message: SECRET } as never); } }), { log: () => {} });
    expect(await router.handle('quotes.budget', {})).toEqual({ ok: false, error: { kind: 'internal', message: INTERNAL_MESSAGE } });
  });

  it('has a type that demands a handler for every channel', () => {
    const { 'app.info': _missing, ...withoutOne } = handlers();
    // @ts-expect-error a router without the 'app.info' handler does not compile
    const router = createRouter(withoutOne);
    expect(router).toBeDefined();
    // @ts-expect-error nor does one whose handler answers the wrong shape
    const wrong: Handlers = { ...handlers(), 'app.info': async () => ({ version: 1 }) };
    expect(Object.keys(wrong).sort()).toEqual([...CHANNELS].sort());
  });
});
