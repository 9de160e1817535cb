import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldMessages } from '../api/wire.ts';
import { inLanguage, messagesInEnglish } from '../i18n/testing/in-english.ts';
import { localeOverride } from './capabilities/locale.ts';
import { MAX_PAYOUT_CSV_CHARS, payoutImportRequest, withdrawalDraftRequest, withdrawalsChannels } from './capabilities/withdrawals.ts';
import { receiverUrlInput } from './receiver-url.ts';
import { teamJournalPasswordInput } from './team-journal-settings.ts';

// The contract's own bounds (what main refuses from a renderer that skipped its form's rules) are
// rules too: each field's message is a catalogue id the window words, in English as before.

const refused = (schema: z.ZodType, value: unknown): Record<string, string> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return fieldMessages(parsed.error);
};

const sender = { senderType: 'natural', senderData: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1985-12-10' } };
const draft = { currency: 'BTC', amount: '0.1', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ...sender };

describe('the contract’s bounds, said in the window’s language', () => {
  it('a withdrawal’s address, tag, receiver and rejection reason', () => {
    expect(messagesInEnglish(refused(withdrawalDraftRequest, { ...draft, address: ' ' }))).toMatchObject({ address: 'Enter the address' });
    expect(messagesInEnglish(refused(withdrawalDraftRequest, { ...draft, address: 'x'.repeat(256) }))).toMatchObject({ address: 'An address is at most 255 characters' });
    expect(messagesInEnglish(refused(withdrawalDraftRequest, { ...draft, tag: '1'.repeat(65) }))).toMatchObject({ tag: 'A tag is at most 64 characters' });
    expect(messagesInEnglish(refused(withdrawalDraftRequest, { ...draft, receiverType: 'self', receiverData: {} }))).toMatchObject({ receiverData: 'A transfer to yourself names no receiver' });
    const reject = withdrawalsChannels['withdrawals.reject'].request;
    const empty = refused(reject, { draftId: 1, reason: ' ' });
    expect(messagesInEnglish(empty)).toEqual({ reason: 'Say why' });
    expect(inLanguage('de', empty.reason)).toBe('Geben Sie einen Grund an');
    expect(inLanguage('fr', refused(reject, { draftId: 1, reason: 'x'.repeat(2001) }).reason)).toBe('Une raison compte au plus 2000 caractères');
  });

  it('a payout file, a receiver URL, a team journal password and a regional format', () => {
    expect(messagesInEnglish(refused(payoutImportRequest, { csv: '', ...sender }))).toMatchObject({ csv: 'Choose a payout file' });
    const large = refused(payoutImportRequest, { csv: 'x'.repeat(MAX_PAYOUT_CSV_CHARS + 1), ...sender });
    expect(messagesInEnglish(large)).toMatchObject({ csv: 'A payout file is at most 512 KiB' });
    expect(inLanguage('de', large.csv)).toBe('Eine Auszahlungsdatei hat höchstens 512 KiB');
    expect(messagesInEnglish(refused(receiverUrlInput, `https://r.example/${'x'.repeat(2000)}`))).toEqual({ '(request)': 'A receiver URL is at most 2000 characters' });
    expect(inLanguage('fr', refused(teamJournalPasswordInput, 'x'.repeat(1025))['(request)'])).toBe('Un mot de passe compte au plus 1024 caractères');
    expect(messagesInEnglish(refused(localeOverride, { language: null, formatLocale: 'not a locale!' }))).toEqual({ formatLocale: 'Not a locale this computer can format for' });
  });
});
