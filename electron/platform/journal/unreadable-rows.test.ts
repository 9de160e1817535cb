import { describe, expect, it } from 'vitest';
import { inEnglish, inLanguage } from '../../../shared/i18n/testing/in-english.ts';
import { sayerFor, sayWording } from '../../../shared/i18n/words.ts';
import { isAppFailure } from '../../../shared/ipc/errors.ts';
import { openJournalDatabase } from './database.ts';
import { DETAIL_CHARS } from './entry-row.ts';
import { testJournal } from './test-journal.ts';

/**
 * The SQLite journal reads its rows through the one reader the team journal uses (entry-row.ts): a
 * corrupted row (a file edited by hand, a disk's damage, a tool) is set aside and named by id, and
 * the other entries still list; a row of megabytes is never read by a list.
 */
describe('a desktop journal holding a corrupted row', () => {
  it('lists the good entries, names the unreadable ones, and cuts a huge answer when read whole', async () => {
    const db = openJournalDatabase(':memory:');
    const journal = testJournal(db);
    const good = await journal.begin({ profileId: 'p', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-1', request: { foreign_id: 'inv-1' } });
    await journal.markSent(good);
    await journal.finish(good, { state: 'unknown' });
    const bad = await journal.begin({ profileId: 'p', profileName: 'Shop', operation: 'invoices.create', foreignId: 'inv-2', request: {} });
    const lost = await journal.begin({ profileId: 'p', profileName: 'Shop', operation: 'exchange.place', foreignId: 'ex-1', request: {} });
    const huge = await journal.record({ profileId: 'p', profileName: 'Shop', operation: 'transactions.lookup', request: {} }, { state: 'succeeded' });
    db.prepare("UPDATE entries SET request = '{oops' WHERE id = ?").run(bad);
    db.prepare("UPDATE entries SET state = 'lost', http_status = 'abc' WHERE id = ?").run(lost);
    db.prepare('UPDATE entries SET response = ? WHERE id = ?').run('x'.repeat(5 * 1024 * 1024), huge.id);

    const page = await journal.search('p');
    expect(page.entries.map((entry) => entry.id)).toEqual([huge.id, bad, good]);
    expect(page.entries.every((entry) => entry.detail === 'none' && entry.response === null)).toBe(true);
    expect(page.unreadable).toEqual([{ id: String(lost), field: 'state', problem: expect.any(String) }]);
    // What is wrong travels as the catalogue's rule, worded where it is shown (History, main's failure).
    expect(inEnglish(page.unreadable[0]?.problem)).toBe('is not one this app knows');
    expect(inLanguage('de', page.unreadable[0]?.problem)).toBe('hat einen Wert, den diese App nicht kennt');
    expect((await journal.attention('p')).entries.map((entry) => entry.id)).toEqual([good]);
    await expect(journal.get(bad)).rejects.toMatchObject({ error: { message: expect.stringContaining(`journal entry ${bad}: request is not JSON (an object)`) } });
    // The router says the failure in the window's language: the row, its column and what is wrong with it.
    const failure = await journal.get(bad).then(
      () => null,
      (thrown: unknown) => (isAppFailure(thrown) ? thrown : null),
    );
    const wording = failure?.wording;
    if (!wording) throw new Error('the failure carries no wording');
    expect(sayWording(sayerFor('de'), wording)).toContain(`Journaleintrag ${bad}: request ist kein JSON (ein Objekt)`);
    expect(sayWording(sayerFor('fr'), wording)).toContain(`entrée de journal ${bad} : request n’est pas du JSON (un objet)`);
    const whole = await journal.get(huge.id);
    expect(whole).toMatchObject({ detail: 'cut' });
    expect(whole?.response).toHaveLength(DETAIL_CHARS);
    expect(await journal.get(good)).toMatchObject({ detail: 'whole', request: { foreign_id: 'inv-1' } });
  });
});
