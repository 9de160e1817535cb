import { describe, expect, it } from 'vitest';
import type { Quote } from '../../shared/api/index.ts';
import type { Language, MessageId, WordValues } from '../../shared/i18n/index.ts';
import { say } from '../../shared/i18n/index.ts';
import { AppFailure } from '../../shared/ipc/errors.ts';
import type { ServiceDeps } from '../platform/services/index.ts';
import { createHeldQuotes } from './held-quotes.ts';
import { placeAtHeldQuote } from './placement-guard.ts';

// A quote main will not place is refused in the window's language, at the moment of the refusal.

const T0 = Date.UTC(2026, 10, 27, 7);
const quote: Quote = {
  sender_currency: 'BTC',
  sender_amount: '0.01000000',
  receiver_currency: 'EUR',
  receiver_amount: '600.00',
  fee_currency: 'BTC',
  fee_amount: '0.0001',
  price: '60000.00',
  ts_fixed: 1_700_000_000,
  ts_release: 1_700_000_060,
  fix_period: 60,
};

function refusalIn(language: Language, at: number) {
  let time = T0;
  const held = createHeldQuotes(() => time);
  const { quoteId } = held.hold('p1', quote, { sender_currency: 'BTC', receiver_currency: 'EUR', sender_amount: '0.01' }, T0);
  time = at;
  const deps = {
    connection: { active: async () => ({ profileId: 'p1', profileName: 'Shop', kind: 'local-sandbox' }) },
    now: () => time,
    locale: { say: (id: MessageId, values?: WordValues) => say(language, id, values) },
  } as unknown as ServiceDeps;
  const place = placeAtHeldQuote(deps, held, async () => {
    throw new Error('nothing is placed from a refused quote');
  });
  return place({ quoteId, foreignId: 'exch-1' }, {} as never).then(
    () => null,
    (thrown: unknown) => (thrown instanceof AppFailure ? thrown.error : thrown),
  );
}

describe('a refused placement', () => {
  it('says a released quote is released in German, with the moment it expired', async () => {
    const error = await refusalIn('de', T0 + 120_000);
    expect(error).toMatchObject({ kind: 'quote_unavailable', reason: 'released' });
    expect((error as { message: string }).message).toMatch(/^Diese Kursstellung ist um \d{4}-\d{2}-\d{2}T[\d:.]+Z abgelaufen .*Nichts wurde gesendet\./);
  });

  it('says it in French too, and in English on an English window', async () => {
    expect(((await refusalIn('fr', T0 + 120_000)) as { message: string }).message).toContain('Cette cotation a expiré à');
    expect(((await refusalIn('en', T0 + 120_000)) as { message: string }).message).toMatch(/^This quote expired at .*Nothing was sent\./);
  });
});
