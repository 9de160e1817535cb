// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ruleMessage } from '../../../shared/i18n/index.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { descriptionOf, renderScreen, standInForMain, stillAnswering } from '../../testing/screen-with-bridge.ts';
import { ResolveForm } from './ResolveForm.tsx';
import { BLANK_SEARCH } from './search-form-schema.ts';
import { SearchForm } from './SearchForm.tsx';

// History's own rules and the contract's note rules travel as catalogue ids (ruleMessage, in their
// schemas); the field's frame (components/FieldFrame.tsx) and the choice's error line word them in
// the window's language.

afterEach(() => {
  cleanup();
  delete window.merchantConsole;
});

const lost = journalEntryOf({ id: 7, state: 'unknown', operation: 'invoices.create', foreignId: 'inv-1' });

describe('recording what happened, sent empty', () => {
  it.each([
    ['en', 'Record what happened', 'Note', 'Choose what happened', 'Say what you found'],
    ['de', 'Erfassen, was geschehen ist', 'Notiz', 'Wählen Sie, was geschehen ist', 'Geben Sie an, was Sie festgestellt haben'],
    ['fr', 'Enregistrer ce qui s’est passé', 'Note', 'Choisissez ce qui s’est passé', 'Indiquez ce que vous avez constaté'],
  ] as const)('says both rules in the window’s language (%s)', async (language, button, label, choose, say) => {
    standInForMain(stillAnswering);
    renderScreen(createElement(ResolveForm, { entry: lost, onResolved: () => {} }), undefined, language);
    fireEvent.click(screen.getByRole('button', { name: button }));
    const note = screen.getByLabelText(label);
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(note)).toMatch(new RegExp(` ${say}$`));
    expect(screen.getByText(choose)).toBeTruthy();
  });

  it('words main’s refusal of the note, a rule of the contract, in the window’s language', async () => {
    standInForMain(() => ({ error: { kind: 'invalid_request', message: 'x', fields: { note: ruleMessage('rules.journal.noteLong', { max: 500 }) } } }));
    renderScreen(createElement(ResolveForm, { entry: lost, onResolved: () => {} }), undefined, 'de');
    fireEvent.click(screen.getByRole('radio', { name: /Es ist fehlgeschlagen/ }));
    const note = screen.getByLabelText('Notiz');
    fireEvent.change(note, { target: { value: 'Nicht im Backoffice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Erfassen, was geschehen ist' }));
    await waitFor(() => expect(descriptionOf(note)).toMatch(/ Höchstens 500 Zeichen$/));
  });
});

describe('the History search’s dates', () => {
  it.each([
    ['de', 'Von (UTC)', 'Bis (UTC)', 'Geben Sie ein gültiges Datum im Format JJJJ-MM-TT ein', 'Das Enddatum darf nicht vor dem Startdatum liegen'],
    ['fr', 'Du (UTC)', 'Au (UTC)', 'Saisissez une date réelle au format AAAA-MM-JJ', 'La date de fin doit être identique ou postérieure à la date de début'],
  ] as const)('are refused in the window’s language (%s)', async (language, fromLabel, toLabel, realDate, endBeforeStart) => {
    renderScreen(createElement(SearchForm, { initial: BLANK_SEARCH, people: [], onSearch: () => {} }), undefined, language);
    const from = screen.getByLabelText(fromLabel);
    fireEvent.change(from, { target: { value: '2025-02-30' } });
    fireEvent.blur(from);
    await waitFor(() => expect(descriptionOf(from)).toContain(realDate));
    fireEvent.change(from, { target: { value: '2025-06-02' } });
    const to = screen.getByLabelText(toLabel);
    fireEvent.change(to, { target: { value: '2025-06-01' } });
    fireEvent.blur(to);
    await waitFor(() => expect(descriptionOf(to)).toContain(endBeforeStart));
  });
});
