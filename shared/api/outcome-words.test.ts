import { describe, expect, it } from 'vitest';
import { ruleMessage } from '../i18n/rule-message.ts';
import { wordsFor } from '../i18n/words.ts';
import { depositsSummary, outcomeWords, wordOutcome } from './outcome-words.ts';

const en = wordsFor('en');
const de = wordsFor('de');
const fr = wordsFor('fr');

describe('what a callback says became of a payment (outcome-words.ts)', () => {
  it('travels as a catalogue id and is said in English exactly as before', () => {
    const created = outcomeWords('invoice', 'created', null);
    expect(created.words).not.toBe('Created, not paid yet');
    expect(created).toMatchObject({ tone: 'wait', final: false, known: true });
    expect(wordOutcome(en, created.words)).toBe('Created, not paid yet');
    expect(wordOutcome(en, outcomeWords('invoice', 'pending', null).words)).toBe('Payment seen, waiting for confirmations');
    expect(wordOutcome(en, outcomeWords('invoice', 'processing', null).words)).toBe('Payment seen and confirming (the timer is now 24 hours)');
    expect(wordOutcome(en, outcomeWords('invoice', 'confirmed', null).words)).toBe('Paid and confirmed');
    expect(wordOutcome(en, outcomeWords('invoice', 'failed', ' User paid less than requested. ').words)).toBe('Failed: User paid less than requested.');
    expect(wordOutcome(en, outcomeWords('invoice', 'failed', '  ').words)).toBe('Failed');
    expect(wordOutcome(en, outcomeWords('exchange', 'pending', null).words)).toBe('Held by the service');
    expect(wordOutcome(en, outcomeWords('withdrawal', 'not_confirmed', null).words)).toBe('Being processed');
    expect(wordOutcome(en, outcomeWords('deposit', 'declined', 'Sanctions list').words)).toBe('Declined: Sanctions list');
    // A reason is said only after a failure.
    expect(wordOutcome(en, outcomeWords('exchange', 'confirmed', 'ignored').words)).toBe('Confirmed');
    const odd = outcomeWords('exchange', 'on_hold', null);
    expect(odd).toMatchObject({ tone: 'unknown', final: false, known: false });
    expect(wordOutcome(en, odd.words)).toBe('"on_hold": not a status this console knows, so it cannot say what became of it');
  });

  it('is said in German and in French, the service’s reason and an unknown status as received', () => {
    expect(wordOutcome(de, outcomeWords('invoice', 'created', null).words)).toBe('Erstellt, noch nicht bezahlt');
    expect(wordOutcome(fr, outcomeWords('invoice', 'created', null).words)).toBe('Créée, pas encore payée');
    expect(wordOutcome(de, outcomeWords('invoice', 'confirmed', null).words)).toBe('Bezahlt und bestätigt');
    expect(wordOutcome(fr, outcomeWords('invoice', 'confirmed', null).words)).toBe('Payée et confirmée');
    expect(wordOutcome(de, outcomeWords('invoice', 'failed', 'User paid less than requested.').words)).toBe('Fehlgeschlagen: User paid less than requested.');
    expect(wordOutcome(fr, outcomeWords('invoice', 'failed', 'User paid less than requested.').words)).toBe('Échouée : User paid less than requested.');
    expect(wordOutcome(de, outcomeWords('exchange', 'on_hold', null).words)).toBe('„on_hold“: kein Status, den diese Konsole kennt, daher kann sie nicht sagen, was daraus geworden ist');
    expect(wordOutcome(fr, outcomeWords('withdrawal', 'cancelled', null).words)).toBe('Annulé');
  });

  it('summarises an address’s deposits in one message, with each language’s plurals', () => {
    const summary = depositsSummary(['confirmed', 'processing', 'confirmed']);
    expect(wordOutcome(en, summary)).toBe('3 deposits: 1 being processed, 2 confirmed');
    expect(wordOutcome(de, summary)).toBe('3 Einzahlungen: 1 in Bearbeitung, 2 bestätigt');
    expect(wordOutcome(fr, summary)).toBe('3 dépôts : 1 en cours de traitement, 2 confirmés');
    expect(wordOutcome(en, depositsSummary(['confirmed', 'confirmed']))).toBe('2 deposits: 2 confirmed');
    expect(wordOutcome(en, depositsSummary(['failed']))).toBe('1 deposit: 1 failed');
    expect(wordOutcome(en, depositsSummary(['pending', 'refunded', 'created']))).toBe('3 deposits: 1 created, 1 held by the service, 1 with a status this console does not know');
    expect(wordOutcome(fr, depositsSummary(['failed']))).toBe('1 dépôt : 1 échoué');
  });

  it('shows words kept as plain text (an older desktop’s, in English) as they came', () => {
    for (const text of ['Paid and confirmed', '2 deposits: 1 confirmed, 1 being processed', 'Failed: User paid less than requested.', '']) {
      expect(wordOutcome(de, text)).toBe(text);
    }
  });

  it('never words what is not an outcome’s: another part of the catalogue, values missing or of the wrong kind, a broken encoding', () => {
    const unreadable = { de: 'In einer Form gemeldet, die diese Konsole nicht lesen kann', en: 'Reported in words this console cannot read' };
    const untrusted = [
      // Another part of the catalogue: a screen's sentence out of place.
      ruleMessage('rules.invoice.title'),
      ruleMessage('main.lookup.limit', { limit: 1, seconds: 2 }),
      // The outcome's values missing, or of the wrong kind.
      ruleMessage('outcomes.failedBecause'),
      ruleMessage('outcomes.unknownStatus', { reason: 'x' }),
      ruleMessage('outcomes.deposits.summary', { count: 2 }),
      ruleMessage('outcomes.deposits.summary', { count: '2', first: 'confirmed', created: 0, held: 0, processing: 0, confirmed: 2, failed: 0, cancelled: 0, declined: 0, unknown: 0 }),
      // A broken encoding, an id the catalogue does not have, values not an object.
      outcomeWords('invoice', 'failed', 'why').words.slice(0, -2),
      ruleMessage('outcomes.failed').replace('outcomes.failed', 'outcomes.nothing'),
      `${ruleMessage('outcomes.failedBecause')}["why"]`,
    ];
    for (const text of untrusted) {
      expect(wordOutcome(de, text), text).toBe(unreadable.de);
      expect(wordOutcome(en, text), text).toBe(unreadable.en);
    }
    // An outcome's own message with the values it needs is worded, extra values or not.
    expect(wordOutcome(en, ruleMessage('outcomes.failedBecause', { reason: 'why', extra: 1 }))).toBe('Failed: why');
    // A value that is itself encoded is the service's text, not a message to word.
    expect(wordOutcome(en, outcomeWords('invoice', 'failed', ruleMessage('rules.invoice.title')).words)).toBe(`Failed: ${ruleMessage('rules.invoice.title')}`);
  });
});
