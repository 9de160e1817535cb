import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { journalEntryOf } from '../../../shared/ipc/testing/journal-entry.ts';
import { CSV_COLUMNS, journalToCsv, MACHINE_CSV, openJournalDatabase, spreadsheetCsv } from './index.ts';
import { testJournal } from './test-journal.ts';

const dir = mkdtempSync(join(tmpdir(), 'journal-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('history as CSV', () => {
  it('parses back to the same values: exact amounts, UTC times with seconds, awkward text, addresses and txids', async () => {
    const journal = testJournal(openJournalDatabase(join(dir, 'j.sqlite')), () => new Date('2026-03-04T05:06:07.089Z'));
    const awkward = ['Order "A", part 1', 'line\nbreak', '=HYPERLINK("x")', 'Zoë €'];
    for (const [index, title] of awkward.entries()) {
      const id = await journal.begin({
        profileId: 'p',
        profileName: 'Shop, Ltd',
        origin: 'https://app.cryptoprocessing.com',
        operation: 'invoices.create',
        foreignId: `f-${index}`,
        title,
        currency: 'BTC',
        amount: '12345678.12345678',
        request: {},
      });
      await journal.finish(id, { state: 'succeeded', serviceId: 1000 + index, httpStatus: 201, durationMs: 12 });
    }
    const taken = await journal.begin({ profileId: 'p', profileName: 'Shop, Ltd', operation: 'addresses.take', foreignId: 'user-id:2048', currency: 'XRP', request: {} });
    await journal.finish(taken, { state: 'succeeded', serviceId: 7, address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH' });
    const looked = await journal.begin({ profileId: 'p', profileName: 'Shop, Ltd', operation: 'transactions.lookup', request: {}, txids: ['aa11'] });
    await journal.finish(looked, { state: 'succeeded', serviceId: 5, txids: ['aa11', 'bb22'] });
    const [lookupRow, addressRow] = parse(journalToCsv((await journal.search('p', { limit: 2 })).entries), { columns: true }) as Record<string, string>[];
    expect(addressRow).toMatchObject({ operation: 'addresses.take', foreign_id: 'user-id:2048', currency: 'XRP', address: 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH', txids: '' });
    expect(lookupRow).toMatchObject({ operation: 'transactions.lookup', address: '', txids: 'aa11 bb22' });
    const entries = (await journal.search('p', { operation: 'invoices.create' })).entries;
    const rows = parse(journalToCsv(entries), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual(CSV_COLUMNS.map(([name]) => name));
    expect(rows).toHaveLength(entries.length);
    for (const [index, row] of rows.entries()) {
      const entry = entries[index]!;
      expect(row.amount).toBe('12345678.12345678');
      expect(row.created_at_utc).toBe('2026-03-04T05:06:07.089Z');
      expect(row.profile).toBe('Shop, Ltd');
      expect(row.origin).toBe('https://app.cryptoprocessing.com');
      expect(row.service_id).toBe(entry.serviceId);
      // Formula-like text is defused with a leading quote; everything else is exact.
      expect(row.title).toBe(entry.title?.startsWith('=') ? `'${entry.title}` : entry.title);
    }
  });

  it('names who made each entry and who resolved it, on which computer and when; empty for older entries', () => {
    const older = journalEntryOf({ id: 1 });
    const resolved = journalEntryOf({
      id: 2,
      operation: 'invoices.create',
      madeBy: 'Ana Ruiz',
      madeOn: 'FINANCE-01',
      resolvedBy: 'Ben Okafor, Jr.',
      resolvedOn: 'FINANCE-02',
      resolvedAt: '2026-03-05T09:10:11.012Z',
    });
    const rows = parse(journalToCsv([older, resolved]), { columns: true }) as Record<string, string>[];
    expect(CSV_COLUMNS.map(([name]) => name).slice(-7)).toEqual(['made_by', 'made_login', 'made_on', 'resolved_by', 'resolved_login', 'resolved_on', 'resolved_at']);
    expect(rows[0]).toMatchObject({ made_by: '', made_login: '', made_on: '', resolved_by: '', resolved_login: '', resolved_on: '', resolved_at: '' });
    // This desktop's own journal records no logins: those cells stay empty beside the names.
    expect(rows[1]).toMatchObject({
      made_by: 'Ana Ruiz',
      made_login: '',
      made_on: 'FINANCE-01',
      resolved_by: 'Ben Okafor, Jr.',
      resolved_login: '',
      resolved_on: 'FINANCE-02',
      resolved_at: '2026-03-05T09:10:11.012Z',
    });
  });

  it('names the team journal’s logins that made and resolved an entry, beside the names the desktops gave', () => {
    const onTeam = journalEntryOf({ madeBy: 'Ana Ruiz', madeLogin: 'ana', madeOn: 'ana-laptop', resolvedBy: 'Ben Okafor', resolvedLogin: 'ben', resolvedOn: 'ben-desktop', resolvedAt: '2026-03-05T09:10:11.012Z' });
    const [row] = parse(journalToCsv([onTeam]), { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ made_by: 'Ana Ruiz', made_login: 'ana', made_on: 'ana-laptop', resolved_by: 'Ben Okafor', resolved_login: 'ben', resolved_on: 'ben-desktop' });
  });

  it('defuses a display name or computer name that a spreadsheet would run as a formula', () => {
    const hostile = journalEntryOf({ madeBy: '=HYPERLINK("http://x","Ana")', madeOn: '@SUM(A1)', resolvedBy: '+1+1', resolvedOn: '-2-2' });
    const csv = journalToCsv([hostile]);
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ made_by: `'=HYPERLINK("http://x","Ana")`, made_on: "'@SUM(A1)", resolved_by: "'+1+1", resolved_on: "'-2-2" });
    // Not one cell of the data line starts with a formula character once unquoted.
    expect(csv.split('\r\n')[1]).not.toMatch(/(^|,)[=+\-@]/);
  });

  describe('for a spreadsheet in the person\'s own locale', () => {
    const entry = journalEntryOf({ title: 'Order 7; part 1', amount: '1234.56789012', durationMs: 12, createdAt: '2026-11-27T06:40:05.123Z', updatedAt: '2026-07-01T22:30:00.000Z', madeBy: '=SUM(A1)' });

    it('in German: semicolons, a decimal comma with every digit kept, local times named by their zone, a byte order mark', () => {
      const csv = journalToCsv([entry], spreadsheetCsv('de-DE', 'Europe/Berlin'));
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const [row] = parse(csv.slice(1), { columns: true, delimiter: ';' }) as Record<string, string>[];
      expect(row).toMatchObject({
        amount: '1234,56789012',
        // Winter and summer time: the zone's own offset on each day.
        'created_at (Europe/Berlin)': '2026-11-27 07:40:05',
        'updated_at (Europe/Berlin)': '2026-07-02 00:30:00',
        title: 'Order 7; part 1',
        made_by: "'=SUM(A1)",
      });
      // The cell holding the separator is quoted, so the row keeps its columns.
      expect(csv).toContain('"Order 7; part 1"');
    });

    it('in French the same separators; in English commas and a decimal point, as the machine form', () => {
      expect(spreadsheetCsv('fr-FR', 'Europe/Paris')).toMatchObject({ separator: ';', decimal: ',' });
      const [row] = parse(journalToCsv([entry], spreadsheetCsv('en-GB', 'Europe/London')).slice(1), { columns: true }) as Record<string, string>[];
      expect(row).toMatchObject({ amount: '1234.56789012', 'created_at (Europe/London)': '2026-11-27 06:40:05' });
    });

    it('names the spreadsheet form\'s columns as it is told, times with their zone; never the machine form\'s', () => {
      const header = (column: string, timeZone: string) => (column === 'created_at_utc' ? `Erstellt (${timeZone})` : column.toUpperCase());
      const csv = journalToCsv([entry], spreadsheetCsv('de-DE', 'Europe/Berlin', header));
      const [row] = parse(csv.slice(1), { columns: true, delimiter: ';' }) as Record<string, string>[];
      expect(row).toMatchObject({ 'Erstellt (Europe/Berlin)': '2026-11-27 07:40:05', AMOUNT: '1234,56789012', ID: String(entry.id) });
      expect(journalToCsv([entry], { ...MACHINE_CSV, header }).split('\r\n')[0]).toBe(CSV_COLUMNS.map(([name]) => name).join(','));
    });

    it('leaves the machine form as it was: dot decimals, UTC ISO times, no byte order mark', () => {
      const csv = journalToCsv([entry]);
      expect(csv.charCodeAt(0)).not.toBe(0xfeff);
      const [row] = parse(csv, { columns: true }) as Record<string, string>[];
      expect(row).toMatchObject({ amount: '1234.56789012', created_at_utc: '2026-11-27T06:40:05.123Z' });
    });
  });
});
