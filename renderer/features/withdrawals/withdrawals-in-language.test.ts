import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n/index.ts';
import type { PayoutBatch } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { BatchView } from './BatchView.tsx';
import { DraftList } from './DraftList.tsx';
import { draft } from './testing/withdrawal-draft.ts';
import { DRAFTS_KEY } from './use-withdrawals.ts';
import { WithdrawalForm } from './WithdrawalForm.tsx';

// The withdrawal form, the drafts list and a payout batch as React renders them in the window's language.

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

const row = { foreignId: 'wdr-1', currency: 'BTC', amount: '0.1', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', tag: null, journalId: null };
const batch: PayoutBatch = {
  batchId: 'pay-20261127-abc',
  rows: [
    { ...row, draftId: 1, state: 'waiting', missing: 1 },
    { ...row, draftId: 2, foreignId: 'wdr-2', state: 'unknown', missing: 0 },
  ],
  totals: { BTC: '0.2' },
  sending: false,
  sendsPerSecond: 1,
};
const opened = (language: Language) => readableText(staticMarkup(createElement(BatchView, { batch }), undefined, language));

describe('a payout batch in the window’s language', () => {
  it('keeps the English words the e2e locators find', () => {
    const text = opened('en');
    expect(text).toContain('Waiting (1 approval missing)');
    expect(text).toContain('Unknown: look it up by its foreign id');
    expect(text).toContain('2 rows, totals per currency');
    expect(text).toContain('Approve batch');
  });

  it('says each row’s state, what is missing and the approval in German', () => {
    const text = opened('de');
    expect(text).toContain('Wartet (1 Freigabe fehlt)');
    expect(text).toContain('Unbekannt: Suchen Sie sie über ihre Fremd-ID');
    expect(text).toContain('2 Zeilen, Summen je Währung');
    expect(text).toContain('Sammelauszahlung freigeben');
    expect(text).not.toContain('Approve batch');
  });

  it('says them in French', () => {
    const text = opened('fr');
    expect(text).toContain('En attente (1 approbation manquante)');
    expect(text).toContain('Inconnu : recherchez-le par son identifiant externe');
    expect(text).toContain('Approuver le lot');
    expect(text).not.toContain('Approve batch');
  });
});
