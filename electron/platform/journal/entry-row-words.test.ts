import { describe, expect, it } from 'vitest';
import { inEnglish, inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import { inEnglish as wordingInEnglish, sayerFor, sayWording } from '../../../shared/i18n/words.ts';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import type { UnreadableEntry } from '../../../shared/ipc/journal.ts';
import { notResolvable, readRow, unreadableFailure } from './entry-row.ts';

// What a row's reader says is wrong with a column, and why a resolution is refused, come from the
// catalogues: History and the router word them in the window's language; the English (the log's) is
// as before, and never zod's own words.

const sound = { id: 5, profile_id: 'p', profile_name: 'Shop', operation: 'invoices.create', state: 'unknown', created_at: '2026-11-27T10:00:00Z', updated_at: '2026-11-27T10:00:00Z' };

function setAside(patch: Record<string, unknown>): UnreadableEntry {
  const read = readRow({ ...sound, ...patch });
  if (read.ok) throw new Error('the row was read');
  return read.unreadable;
}

describe('a journal row that cannot be read', () => {
  it('names the column and says what was expected, in English as before', () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ state: 'lost' }, 'state', 'is not one this app knows'],
      [{ request: '{oops' }, 'request', 'is not JSON (an object)'],
      [{ txids: '[oops' }, 'txids', 'is not JSON (a list of texts)'],
      [{ http_status: 'abc' }, 'http_status', 'is not a whole number'],
      [{ duration_ms: 1.5 }, 'duration_ms', 'is not a whole number'],
      [{ duration_ms: true }, 'duration_ms', 'is not a whole number'],
      [{ id: 0 }, 'id', 'is less than 1'],
      [{ profile_id: null }, 'profile_id', 'is missing'],
      [{ profile_id: 7 }, 'profile_id', 'is not a text'],
      [{ request: '[1]' }, 'request', 'is not an object'],
      [{ txids: '[1]' }, 'txids.0', 'is not a text'],
    ];
    for (const [patch, field, problem] of cases) {
      const row = setAside(patch);
      expect({ field: row.field, problem: inEnglish(row.problem) }, JSON.stringify(patch)).toEqual({ field, problem });
      expect(inEnglish(row.problem)).not.toMatch(/Invalid|expected|received/);
    }
  });

  it('says it in German and French', () => {
    expect(inLanguage('de', setAside({ request: '{oops' }).problem)).toBe('ist kein JSON (ein Objekt)');
    expect(inLanguage('fr', setAside({ http_status: 'abc' }).problem)).toBe('n’est pas un nombre entier');
    expect(inLanguage('de', setAside({ profile_id: null }).problem)).toBe('fehlt');
    expect(inLanguage('fr', setAside({ profile_id: 7 }).problem)).toBe('n’est pas un texte');
  });

  it('is named in a failure that the router says in the window’s language, its English kept for the log', () => {
    const rows = [setAside({ request: '{oops' }), { ...setAside({ state: 'lost' }), id: '' }, setAside({ id: 9, txids: '[oops' }), setAside({ id: 10, state: 'x' })];
    const failure = unreadableFailure(rows);
    const wording = failure.wording;
    if (!wording) throw new Error('no wording');
    expect(failure.error.message).toBe(
      'The journal holds entries this app cannot read (journal entry 5: request is not JSON (an object); journal entry without a readable id: state is not one this app knows; journal entry 9: txids is not JSON (a list of texts)). An administrator can look at them in the database.',
    );
    expect(wordingInEnglish(wording)).toBe(failure.error.message);
    expect(sayWording(sayerFor('de'), wording)).toContain('(Journaleintrag 5: request ist kein JSON (ein Objekt); Journaleintrag ohne lesbare ID: state hat einen Wert, den diese App nicht kennt; Journaleintrag 9: txids ist kein JSON (eine Liste von Texten))');
    expect(sayWording(sayerFor('fr'), unreadableFailure(rows.slice(0, 1)).wording ?? wording)).toContain('(entrée de journal 5 : request n’est pas du JSON (un objet))');
  });
});

describe('the refusal of a resolution', () => {
  const resolved = journalEntryOf({ state: 'succeeded', resolvedBy: 'Ana Ruiz', resolvedOn: 'FINANCE-01', resolvedAt: '2026-11-27T10:00:00.000Z' });

  it('keeps its English', () => {
    expect(notResolvable(resolved).error).toEqual({ kind: 'invalid_request', message: 'Ana Ruiz on FINANCE-01 already recorded it as succeeded at 2026-11-27T10:00:00.000Z.', fields: {} });
    expect(notResolvable({ ...resolved, resolvedOn: null }).error.message).toBe('Ana Ruiz on another computer already recorded it as succeeded at 2026-11-27T10:00:00.000Z.');
    expect(notResolvable(journalEntryOf({ state: 'pending' })).error.message).toBe(
      'Its desktop may still be waiting for the service’s answer: a submission can be resolved by hand once it was sent and no answer was recorded for 10 minutes.',
    );
    expect(notResolvable(null).error.message).toBe('Only an entry whose outcome is unknown can be resolved.');
  });

  it('is said in German and French', () => {
    const said = (language: 'de' | 'fr', entry: Parameters<typeof notResolvable>[0]) => {
      const wording = notResolvable(entry).wording;
      return wording ? sayWording(sayerFor(language), wording) : '';
    };
    expect(said('de', { ...resolved, resolvedOn: null })).toBe('Ana Ruiz auf einem anderen Computer hat es bereits um 2026-11-27T10:00:00.000Z als erfolgreich erfasst.');
    expect(said('fr', journalEntryOf({ state: 'pending' }))).toContain('depuis 10 minutes');
    expect(said('de', null)).toBe('Nur ein Eintrag, dessen Ergebnis unbekannt ist, kann geklärt werden.');
  });
});
