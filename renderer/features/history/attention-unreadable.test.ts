import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ruleMessage } from '../../../shared/i18n/index.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { readableText, staticMarkup } from '../../testing/static-markup.ts';
import { AttentionNotice } from './AttentionBanner.tsx';

/**
 * The banner is what tells a person that money may have moved: a failure to list what needs a check
 * must show as a notice (nothing shown reads as "nothing to check"), and so must rows of the list
 * that could not be read, by id, since any of them may be such an operation.
 */
describe('the attention banner when its list fails or is incomplete', () => {
  it('says the list could not be read, whatever the failure', () => {
    const html = staticMarkup(createElement(AttentionNotice, { entries: [], error: { kind: 'internal', message: 'The journal could not be read.' }, now: 0 }));
    expect(readableText(html)).toBe('Operations that need a check cannot be listed: the journal could not be read. The journal could not be read.');
    expect(html).toContain('role="status"');
  });

  it('names the rows set aside, alone or beside the entries to check', () => {
    // What is wrong with the column comes from main as a rule (electron/platform/journal/entry-row.ts).
    const unreadable = [{ id: '12', field: 'state', problem: ruleMessage('rules.journal.row.unknownValue') }];
    const alone = readableText(staticMarkup(createElement(AttentionNotice, { entries: [], unreadable, error: null, now: 0 })));
    expect(alone).toContain('One journal entry could not be read and is not listed: entry 12: state is not one this app knows.');
    const lost = journalEntryOf({ state: 'unknown', operation: 'invoices.create', foreignId: 'inv-1' });
    const beside = readableText(staticMarkup(createElement(AttentionNotice, { entries: [lost], unreadable, error: null, now: 0 })));
    expect(beside).toContain('inv-1');
    expect(beside).toContain('entry 12: state is not one this app knows');
  });

  it('says what is wrong with a row in German and French', () => {
    const unreadable = [
      { id: '12', field: 'request', problem: ruleMessage('rules.journal.row.notJson', { what: 'object' }) },
      { id: '', field: 'state', problem: ruleMessage('rules.journal.row.unknownValue') },
    ];
    const said = (language: 'de' | 'fr') => readableText(staticMarkup(createElement(AttentionNotice, { entries: [], unreadable, error: null, now: 0 }), undefined, language));
    expect(said('de')).toContain('request ist kein JSON (ein Objekt)');
    expect(said('de')).toContain('state hat einen Wert, den diese App nicht kennt');
    expect(said('fr')).toContain('request n’est pas du JSON (un objet)');
    expect(said('fr')).toContain('state n’a pas une valeur que cette application connaît');
  });
});
