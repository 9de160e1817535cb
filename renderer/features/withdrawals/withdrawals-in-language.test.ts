import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/index.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { DraftList } from './DraftList.tsx';
import { draft } from './testing/withdrawal-draft.ts';
import { DRAFTS_KEY } from './use-withdrawals.ts';
import { WithdrawalForm } from './WithdrawalForm.tsx';

// The withdrawal form and the drafts list as React renders them in the window's language.

const drafts = [
  draft({ id: 7, state: 'unknown', missing: 0, decisions: [{ decision: 'approve', login: 'ben', decidedBy: 'Ben Ode', reason: null, decidedAt: '2026-11-27T04:05:00.000Z' }] }),
  draft({ id: 3, missing: 2 }),
];
const list = (language: Language) => readableText(staticMarkup(createElement(DraftList), (client) => client.setQueryData(DRAFTS_KEY, { drafts }), language));
const form = (language: Language) => readableText(staticMarkup(createElement(WithdrawalForm), undefined, language));

describe('the drafts list in the window’s language', () => {
  it('keeps the English words the e2e locators find', () => {
    const text = list('en');
    expect(text).toContain('Outcome unknown: check with the service');
    expect(text).toContain('approved by ben (Ben Ode), 2026-11-27 04:05:00 UTC');
    expect(text).toContain('2 approvals missing');
  });

  it('says an outcome unknown, who approved and what is missing in German', () => {
    const text = list('de');
    expect(text).toContain('Ergebnis unbekannt: beim Dienst prüfen');
    expect(text).toContain('freigegeben von ben (Ben Ode), 2026-11-27 04:05:00 UTC');
    expect(text).toContain('2 Freigaben fehlen');
    expect(text).toContain('Beim Dienst prüfen');
    expect(text).not.toContain('Outcome unknown');
  });

  it('says them in French', () => {
    const text = list('fr');
    expect(text).toContain('Issue inconnue : vérifiez auprès du service');
    expect(text).toContain('approuvé par ben (Ben Ode), 2026-11-27 04:05:00 UTC');
    expect(text).toContain('2 approbations manquantes');
    expect(text).not.toContain('Outcome unknown');
  });
});

describe('the withdrawal form in the window’s language', () => {
  it('names the travel-rule receiver and its kinds in German', () => {
    const text = form('de');
    expect(text).toContain('Empfänger (Travel Rule)');
    expect(text).toContain('Juristische Person');
    expect(text).toContain('Auszahlung entwerfen');
    expect(text).toContain('BTC-Guthaben wird abgefragt…');
  });

  it('names them in French', () => {
    const text = form('fr');
    expect(text).toContain('Bénéficiaire (règle de voyage)');
    expect(text).toContain('Personne morale');
    expect(text).toContain('Préparer le retrait');
    expect(text).not.toContain('Draft withdrawal');
  });
});
