import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournalDatabase } from './database.ts';
import { testJournal } from './test-journal.ts';
import { BLANKED, capAnswer, isCutAnswer, KEPT_ANSWER_CHARS, personalValues, redactAnswer, redactRequest } from './tracking.ts';

/**
 * What the journal leaves on disk (docs/security.md, "No personal data at rest"): no personal data from answers either, at any
 * depth, and files only the user can read, from the moment they exist.
 */

const ADA = { first_name: 'Adalind', last_name: 'Quenby', date_of_birth: '1985-12-10', email: 'adalind@example.com' };
const request = {
  foreign_id: 'inv-77',
  amount: '19.90',
  email_user: 'buyer@example.com',
  sender_type: 'natural',
  sender_data: ADA,
};
const PERSONAL = /Adalind|Quenby|1985-12-10|adalind@example\.com|buyer@example\.com/;

let dir: string;
let umask: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-at-rest-'));
  // The usual umask, which would leave a new file readable by everyone (0644).
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('journal files', () => {
  it('are 0600 from creation on: the database, its WAL and its shared memory', async () => {
    const file = join(dir, 'journal.sqlite');
    const db = openJournalDatabase(file);
    const journal = testJournal(db);
    await journal.record({ profileId: 'p', profileName: 'P', operation: 'transactions.lookup', request: { id: 1 } }, { state: 'succeeded' });
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    db.close();
  });

  it('narrows files an older version left readable (0644) before opening them', () => {
    const file = join(dir, 'journal.sqlite');
    openJournalDatabase(file).close();
    for (const path of [file, `${file}-wal`, `${file}-shm`]) closeSync(openSync(path, 'a', 0o644));
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    const db = openJournalDatabase(file);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    db.close();
  });
});

describe('answers at rest', () => {
  it('keep no personal data that an answer echoes, at any depth, nor in the file', async () => {
    const file = join(dir, 'journal.sqlite');
    const db = openJournalDatabase(file);
    const journal = testJournal(db);
    const id = await journal.begin({ profileId: 'p', profileName: 'P', operation: 'invoices.create', foreignId: 'inv-77', request });
    const echo = {
      data: {
        id: 826900,
        amount: 12345678.12345678,
        email_user: 'buyer@example.com',
        sender_data: ADA,
        deep: [{ customer: { first_name: 'Adalind', note: 'for Adalind Quenby, born 1985-12-10' } }],
      },
    };
    const entry = await journal.finish(id, { state: 'succeeded', response: JSON.stringify(echo).replace('"12345678.12345678"', '12345678.12345678'), httpStatus: 201 });
    expect(entry.response).not.toMatch(PERSONAL);
    expect(entry.response).toContain('"amount":12345678.12345678');
    expect(entry.response).toContain(`"note":"for ${BLANKED} ${BLANKED}, born ${BLANKED}"`);
    expect(entry.request).toEqual({ foreign_id: 'inv-77', amount: '19.90', sender_type: 'natural' });
    expect(readFileSync(`${file}-wal`).toString('latin1')).not.toMatch(PERSONAL);
    db.close();
    expect(readFileSync(file).toString('latin1')).not.toMatch(PERSONAL);
  });

  it('blank the request’s personal values in an answer that is not JSON (an HTML page, a repeated key trick)', async () => {
    const journal = testJournal(openJournalDatabase(join(dir, 'journal.sqlite')));
    const id = await journal.begin({ profileId: 'p', profileName: 'P', operation: 'invoices.create', foreignId: 'inv-78', request });
    const html = '<html><body>Bad gateway for Adalind Quenby &lt;adalind@example.com&gt; 1985-12-10</body></html>';
    expect((await journal.finish(id, { state: 'unknown', response: html, httpStatus: 502 })).response).toBe(
      `<html><body>Bad gateway for ${BLANKED} ${BLANKED} &lt;${BLANKED}&gt; ${BLANKED}</body></html>`,
    );
    // A repeated key that a strict parser refuses is still read, and its personal keys dropped.
    expect(redactAnswer('{"a":1,"a":2,"sender_data":{"first_name":"X"}}')).toBe('{"a":2}');
    // JSON cut short: the personal keys' values are blanked where they can be told apart.
    expect(redactAnswer('{"data":{"id":1,"sender_data":{"first_name":"Xy"},"email_user":"x@y.z","note":"ok"')).toBe(
      `{"data":{"id":1,"sender_data":"${BLANKED}","email_user":"${BLANKED}","note":"ok"`,
    );
  });

  it('are cut to size, and say so', async () => {
    const journal = testJournal(openJournalDatabase(join(dir, 'journal.sqlite')));
    const padded = JSON.stringify({ id: 1, padding: 'x'.repeat(5 * KEPT_ANSWER_CHARS) });
    const entry = await journal.record({ profileId: 'p', profileName: 'P', operation: 'transactions.lookup', request: { id: 1 } }, { state: 'succeeded', response: padded });
    expect(entry.response?.length).toBeLessThan(KEPT_ANSWER_CHARS + 200);
    expect(entry.response).toMatch(/\[cut by Merchant Console: \d+ characters arrived, the first 65536 are kept\]$/);
    expect(isCutAnswer(entry.response ?? '')).toBe(true);
    expect(isCutAnswer(JSON.stringify({ id: 1 }))).toBe(false);
  });
});

describe('redaction (tracking.ts)', () => {
  it('drops personal keys at every depth of a request, and keeps the rest', () => {
    expect(redactRequest({ id: 1, nested: { email: 'a@b.c', keep: [{ legal_name: 'X GmbH', n: 2 }] } })).toEqual({ id: 1, nested: { keep: [{ n: 2 }] } });
  });

  it('keeps a "__proto__" key as data and numbers as they were written', () => {
    expect(redactAnswer('{"__proto__":{"polluted":true},"n":1.10,"big":123456789012345678901234567890}')).toBe(
      '{"__proto__":{"polluted":true},"n":1.10,"big":123456789012345678901234567890}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('collects only values under personal keys, long enough not to blank ordinary words', () => {
    expect(personalValues({ currency: 'EUR', sender_data: { first_name: 'Al', last_name: 'Lovelace', country_of_registration: 'DEU' } })).toEqual(['Lovelace']);
  });

  it('never cuts inside a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀`;
    expect(capAnswer(text, 10)).toMatch(/^a{9}\n\[cut by Merchant Console: 11 characters arrived, the first 9 are kept\]$/);
  });
});
