import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { say } from '../../shared/i18n/index.ts';
import { readableText, staticMarkup } from '../testing/static-markup.ts';
import { CurrencyNotice } from './currency/CurrencyNotice.tsx';
import { ReceiverNotice } from './outcomes/ReceiverNotice.tsx';
import { DuplicateNotice } from './submission/DuplicateNotice.tsx';
import { OutcomeUnknownNotice } from './submission/OutcomeUnknownNotice.tsx';
import { SubmitRow } from './submission/SubmitRow.tsx';
import { UnrecognisedValue } from './UnrecognisedValue.tsx';

// The shared components in the window's language: the sentences finance staff act on ("outcome
// unknown", a foreign id used before) as precise in German and French as in English, with the
// English exactly as the e2e suite reads it.

const unknown = { foreignId: 'inv-20261127-abc', message: 'No answer within 30 seconds.' };
const text = (element: Parameters<typeof staticMarkup>[0], language: 'en' | 'de' | 'fr' = 'en') => readableText(staticMarkup(element, undefined, language));

describe('the shared notices', () => {
  it('keep their English word for word', () => {
    expect(text(createElement(DuplicateNotice, { what: 'deposit address' }))).toBe(
      'This foreign id was used before, so no second deposit address was made with it. The deposit address made under it earlier may exist, even if that attempt ended with an unknown outcome: check this foreign id in the back office instead of sending again. For a different deposit address, press New id.',
    );
    const said = text(createElement(OutcomeUnknownNotice, { unknown, what: 'invoice' }));
    expect(said).toContain('Outcome unknown');
    expect(said).toContain('The invoice may or may not exist. Check this foreign id in the back office before doing anything else:');
    expect(said).toContain('if the first request did create the invoice, the service refuses the second one as a duplicate, so no invoice is created twice.');
  });

  it('say an unknown outcome in German, in the gender of what was made', () => {
    const said = text(createElement(SubmitRow, { what: 'invoice', unknown, error: undefined, sending: false, label: 'Rechnung erstellen', sendingLabel: '…' }), 'de');
    expect(said).toContain('Ergebnis unbekannt');
    expect(said).toContain('Die Rechnung existiert möglicherweise, möglicherweise nicht. Prüfen Sie diese Fremd-ID im Backoffice, bevor Sie irgendetwas anderes tun:');
    expect(said).toContain('sodass keine Rechnung doppelt erstellt wird.');
    expect(said).toContain('Erneut mit derselben Fremd-ID senden');
    // The client's own words about what was lost come as main gave them.
    expect(said).toContain(unknown.message);
    expect(text(createElement(DuplicateNotice, { what: 'exchange' }), 'de')).toContain('daher wurde mit ihr kein zweiter Umtausch erstellt. Der früher unter ihr ausgeführte Umtausch kann existieren');
  });

  it('say a foreign id used before in French', () => {
    expect(text(createElement(DuplicateNotice, { what: 'deposit address' }), 'fr')).toBe(
      'Cet identifiant externe a déjà été utilisé : aucune seconde adresse de dépôt n’a été créée avec lui. L’adresse de dépôt créée auparavant sous cet identifiant peut exister, même si cette tentative s’est terminée par une issue inconnue : vérifiez cet identifiant externe dans le back-office au lieu d’envoyer à nouveau. Pour une autre adresse de dépôt, appuyez sur « Nouvel identifiant ».',
    );
    expect(text(createElement(OutcomeUnknownNotice, { unknown, what: 'exchange' }), 'fr')).toContain('Issue inconnue');
  });

  it('say where the receiver is set up, and an unrecognised value, in the window’s language', () => {
    const de = text(createElement(ReceiverNotice, { source: { kind: 'no-receiver' }, what: 'invoice' }), 'de');
    expect(de).toContain('Ein Empfänger ist nötig, um zu sehen, was daraus wurde');
    expect(de).toContain('ob diese Rechnung bezahlt wurde und wann');
    expect(de).toContain('Bildschirm „Profile“ (Alt+6)');
    const fr = text(createElement(ReceiverNotice, { source: { kind: 'unreachable', url: 'https://r.example', problem: 'délai dépassé' }, what: 'exchange' }), 'fr');
    expect(fr).toContain('Le récepteur à l’adresse https://r.example n’a pas pu être lu (délai dépassé)');
    expect(text(createElement(UnrecognisedValue, { what: 'statut', value: 'on_hold' }), 'fr')).toBe('statut non reconnu : on_hold');
    expect(text(createElement(UnrecognisedValue, { what: 'status', value: '' }))).toBe('unrecognised status: (empty text)');
  });

  it('count set-aside currency pairs with the language’s plural', () => {
    const notice = (count: number, language: 'en' | 'de') => text(createElement(CurrencyNotice, { notice: { kind: 'incomplete', setAside: count }, retry: () => {}, retrying: false }), language);
    expect(notice(1, 'en')).toBe('1 currency pair could not be read and was set aside (see Pairs). If a currency is not suggested, type its code.');
    expect(notice(2, 'en')).toBe('2 currency pairs could not be read and were set aside (see Pairs). If a currency is not suggested, type its code.');
    expect(notice(2, 'de')).toContain('2 Währungspaare konnten nicht gelesen werden und wurden beiseitegelegt');
  });

  it('warn of personal data in a reference with the field named, in English as before and in German', () => {
    expect(say('en', 'components.personalData.phone', { field: 'foreignId' })).toBe('The foreign id looks like a phone number. It must not hold personal data: use an order or customer number.');
    expect(say('en', 'components.personalData.name', { field: 'endUserReference' })).toBe("The end user reference contains the sender's name. It must not hold personal data: use an order or customer number.");
    expect(say('de', 'components.personalData.phone', { field: 'endUserReference' })).toBe('Die Endkundenreferenz sieht wie eine Telefonnummer aus. Sie darf keine personenbezogenen Daten enthalten: Verwenden Sie eine Bestell- oder Kundennummer.');
  });
});
