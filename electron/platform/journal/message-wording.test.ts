import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { WORDING_CHARS } from '../../../shared/i18n/wording-data.ts';
import { inEnglish, sayerFor, sayWording } from '../../../shared/i18n/words.ts';
import type { Wording } from '../../../shared/i18n/words.ts';
import { worded } from '../../../shared/ipc/errors.ts';
import { journalEntry } from '../../../shared/ipc/journal.ts';
import type { JournalEntry } from '../../../shared/ipc/journal.ts';
import { INTERRUPTED_MESSAGE, readRow, STOPPED_UNSENT_MESSAGE } from './entry-row.ts';
import { openJournalDatabase } from './index.ts';
import { migrateSqliteJournal } from './schema/sqlite-migrations.ts';
import { testJournal } from './test-journal.ts';
import { createTracker, keptWording } from './tracking.ts';

// A message main words from the catalogues is recorded twice: its English (CSV, logs, older
// desktops) and its words as data, which History says in the window's language. A row's words are
// read as untrusted: anything that cannot be worded, or that does not say the English beside it,
// leaves the English as recorded.

const german = (wording: Wording | null | undefined) => (wording ? sayWording(sayerFor('de'), wording) : null);
const french = (wording: Wording | null | undefined) => (wording ? sayWording(sayerFor('fr'), wording) : null);

const input = { profileId: 'p1', profileName: 'Shop', operation: 'invoices.create' as const, foreignId: 'inv-1', request: { foreign_id: 'inv-1', email_user: 'ada@example.com' } };

describe("a recorded message's words", () => {
  it('keeps a failure main worded beside its English, and the entry says it in German and French', async () => {
    const journal = testJournal(openJournalDatabase(':memory:'));
    const tracker = createTracker(journal);
    await expect(tracker.submission(input, async () => Promise.reject(new Error('a bug')), () => ({ serviceId: null, serviceStatus: null }))).rejects.toBeDefined();
    const [entry] = (await journal.search('p1')).entries;
    expect(entry?.message).toBe('The app failed before the request was sent: nothing reached the service.');
    expect(entry?.messageWording).toEqual({ id: 'main.platform.journal.unsent' });
    expect(journalEntry.parse(entry).messageWording).toEqual({ id: 'main.platform.journal.unsent' });
    expect(german(entry?.messageWording)).toBe('Die App ist gescheitert, bevor die Anfrage gesendet wurde: Nichts hat den Dienst erreicht.');
    expect(french(entry?.messageWording)).toBe('L’application a échoué avant l’envoi de la requête : rien n’a atteint le service.');
  });

  it('keeps a failed lookup’s words too, and none for a failure without them (the service’s own words)', async () => {
    const journal = testJournal(openJournalDatabase(':memory:'));
    const tracker = createTracker(journal);
    const lookup = { ...input, operation: 'transactions.lookup' as const };
    const failure = worded({ kind: 'journal_unavailable' }, { id: 'main.platform.journal.stillWaiting', values: { minutes: 10 } });
    await expect(tracker.lookup(lookup, async () => Promise.reject(failure), () => ({ serviceId: null, serviceStatus: null }))).rejects.toBe(failure);
    const [entry] = (await journal.search('p1')).entries;
    expect(entry?.messageWording).toEqual({ id: 'main.platform.journal.stillWaiting', values: { minutes: 10 } });
    expect(entry?.message).toBe(failure.error.message);

    await expect(tracker.lookup({ ...lookup, foreignId: 'x' }, async () => Promise.reject(new Error('a bug')), () => ({ serviceId: null, serviceStatus: null }))).rejects.toBeDefined();
    const plain = (await journal.search('p1')).entries.find((e) => e.foreignId === 'x');
    expect(plain).toMatchObject({ message: 'The lookup failed inside the app.', messageWording: { id: 'main.platform.journal.lookupFailedInside' } });
  });

  it('keeps no personal value of the request in the words, as in the message', () => {
    const wording: Wording = { id: 'main.platform.journal.unknown', values: { what: 'invoice', foreignId: 'inv-1', why: { id: 'main.platform.journal.unreadableEntry', values: { id: '1', field: 'email ada@example.com', problem: 'x' } } } };
    const kept = keptWording(input.request, wording);
    expect(JSON.stringify(kept)).not.toContain('ada@example.com');
    expect(keptWording(input.request, undefined)).toBeNull();
  });

  it('says the messages of a restart that settles a try a crash cut off, and a person’s resolution, in German and French', async () => {
    const journal = testJournal(openJournalDatabase(':memory:'));
    const sent = await journal.begin(input);
    await journal.markSent(sent);
    const unsent = await journal.begin({ ...input, foreignId: 'inv-2' });
    const recovered = await journal.recoverInterrupted();
    const byId = new Map(recovered.map((entry) => [entry.id, entry]));
    expect(byId.get(sent)).toMatchObject({ state: 'unknown', message: INTERRUPTED_MESSAGE });
    expect(german(byId.get(sent)?.messageWording)).toBe(
      'Die App wurde beendet, bevor der Dienst antwortete. Die Anfrage hat den Dienst vielleicht erreicht, vielleicht auch nicht: Suchen Sie sie anhand ihrer Fremd-ID, bevor Sie es erneut versuchen.',
    );
    expect(byId.get(unsent)).toMatchObject({ state: 'failed', message: STOPPED_UNSENT_MESSAGE });
    expect(french(byId.get(unsent)?.messageWording)).toBe(
      'L’application s’est arrêtée avant l’envoi de la requête : rien n’a atteint le service. Elle peut être renvoyée avec le même identifiant externe.',
    );
    // The English is as it always was (older desktops, CSV and the e2e suite read it).
    expect(INTERRUPTED_MESSAGE).toBe('The app stopped before the service answered. The request may or may not have reached the service: look it up by its foreign id before trying again.');
    expect(STOPPED_UNSENT_MESSAGE).toBe('The app stopped before the request was sent: nothing reached the service. It can be sent again with the same foreign id.');

    const resolved = await journal.resolve(sent, 'succeeded', 'Seen in the back office.');
    expect(resolved.message).toBe('Resolved by hand: Seen in the back office.');
    expect(german(resolved.messageWording)).toBe('Von Hand geklärt: Seen in the back office.');
  });

  it('reads an entry written before the words were kept as its English, after the upgrade', async () => {
    const db = new DatabaseSync(':memory:');
    migrateSqliteJournal(db, 10);
    db.prepare(
      `INSERT INTO entries (profile_id, profile_name, operation, state, foreign_id, request, message, created_at, updated_at, entry_uid)
       VALUES ('p1', 'Shop', 'invoices.create', 'failed', 'inv-old', '{}', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'old')`,
    ).run(STOPPED_UNSENT_MESSAGE);
    migrateSqliteJournal(db);
    const [entry] = (await testJournal(db).search('p1')).entries;
    expect(entry).toMatchObject({ message: STOPPED_UNSENT_MESSAGE, messageWording: null });
  });
});

describe("a row's words written by someone else", () => {
  const message = inEnglish({ id: 'main.platform.journal.stillWaiting', values: { minutes: 10 } });
  const row = (wording: unknown, text: string | null = message) => ({
    id: 5, profile_id: 'p', profile_name: 'Shop', operation: 'invoices.create', state: 'failed', message: text,
    created_at: '2026-11-27T10:00:00Z', updated_at: '2026-11-27T10:00:00Z',
    message_wording: typeof wording === 'string' ? wording : JSON.stringify(wording),
  });
  const read = (wording: unknown, text?: string | null): JournalEntry => {
    const result = readRow(row(wording, text));
    if (!result.ok) throw new Error('the row was set aside');
    return result.entry;
  };
  const deep = (levels: number): unknown =>
    levels === 0 ? { id: 'main.platform.journal.someone' } : { id: 'main.platform.journal.resolvedByHand', values: { note: deep(levels - 1) } };

  it('is worded when it is sound and says the English beside it', () => {
    expect(read({ id: 'main.platform.journal.stillWaiting', values: { minutes: 10 } }).messageWording).toEqual({ id: 'main.platform.journal.stillWaiting', values: { minutes: 10 } });
    expect(read(deep(2), 'Resolved by hand: Resolved by hand: someone').messageWording).toEqual(deep(2));
  });

  it('leaves the English as recorded, never a throw, for anything it cannot word', () => {
    const hostile: Array<[string, unknown, string?]> = [
      ['an unknown id', { id: 'main.no.such.message' }],
      ['an inherited name', { id: '__proto__' }],
      ['a missing value', { id: 'main.platform.journal.stillWaiting' }],
      ['a text where a number is counted', { id: 'main.platform.journal.stillWaiting', values: { minutes: '10' } }],
      ['a value of no kind it knows', { id: 'main.platform.journal.stillWaiting', values: { minutes: [10] } }],
      ['a number that is not finite', '{"id":"main.platform.journal.stillWaiting","values":{"minutes":1e999}}'],
      ['a key of its own', { id: 'main.platform.journal.stillWaiting', values: { minutes: 10 }, say: 'x' }],
      ['words other than the English beside them', { id: 'main.platform.journal.stillWaiting', values: { minutes: 11 } }],
      ['too deep', deep(6), inEnglish(deep(6) as Wording)],
      ['too large', { id: 'main.platform.journal.resolvedByHand', values: { note: 'x'.repeat(WORDING_CHARS) } }, `Resolved by hand: ${'x'.repeat(WORDING_CHARS)}`],
      ['not JSON', '{"id":'],
      ['a list', [{ id: 'main.platform.journal.someone' }]],
      ['null', null],
      ['a text', 'main.platform.journal.someone'],
    ];
    for (const [what, wording, text] of hostile) {
      const entry = read(wording, text);
      expect({ what, words: entry.messageWording, message: entry.message }).toEqual({ what, words: null, message: text ?? message });
      expect(() => journalEntry.parse(entry), what).not.toThrow();
    }
    // A row without a message has no words to show, whatever its column holds.
    expect(read({ id: 'main.platform.journal.someone' }, null).messageWording).toBeNull();
  });
});
