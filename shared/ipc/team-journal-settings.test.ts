import { describe, expect, it } from 'vitest';
import { displayNameInput } from './identity.ts';
import { wordRule, wordsFor } from '../i18n/index.ts';
import { messagesInEnglish } from '../i18n/testing/in-english.ts';
import { fieldMessages } from '../api/wire.ts';
import { teamJournalSettings, teamJournalTarget } from './team-journal-settings.ts';

const base = { host: 'db.example.com', port: 5432, database: 'finance', user: 'console', caFile: null };
const problems = (value: Record<string, unknown>) => {
  const parsed = teamJournalSettings.safeParse({ ...base, ...value });
  return parsed.success ? null : messagesInEnglish(fieldMessages(parsed.error));
};

describe('team journal settings', () => {
  it.each([
    ['  DB.Example.COM. ', 'db.example.com'],
    ['10.1.2.3', '10.1.2.3'],
    ['[::1]', '::1'],
    ['2001:db8::7', '2001:db8::7'],
    ['localhost', 'localhost'],
  ])('takes the host %j as %j', (host, expected) => {
    expect(teamJournalSettings.parse({ ...base, host }).host).toBe(expected);
  });

  it.each([
    ['', 'Enter the database server: a host name or an IP address'],
    ['postgres://db.example.com', 'Enter a host name (such as db.example.com) or an IP address, without a scheme, port or path'],
    ['db.example.com:5432', 'Enter a host name (such as db.example.com) or an IP address, without a scheme, port or path'],
    ['db_1.example.com', 'Enter a host name (such as db.example.com) or an IP address, without a scheme, port or path'],
    ['-db.example.com', 'Enter a host name (such as db.example.com) or an IP address, without a scheme, port or path'],
    ['127.1', 'That is neither a host name nor a complete IP address'],
    ['300.1.1.1', 'That is neither a host name nor a complete IP address'],
  ])('refuses the host %j: %s', (host, message) => {
    expect(problems({ host })).toEqual({ host: message });
  });

  it.each([
    [0, 'A port is from 1 to 65535'],
    [65_536, 'A port is from 1 to 65535'],
    [54.5, 'The port is a whole number'],
  ])('refuses the port %j', (port, message) => {
    expect(problems({ port })).toEqual({ port: message });
  });

  it('takes database and user names of up to 63 bytes, no control characters', () => {
    expect(problems({ database: 'd'.repeat(63), user: 'ü'.repeat(31) })).toBeNull();
    expect(problems({ database: 'd'.repeat(64), user: 'ü'.repeat(32) })).toEqual({
      database: 'A database name is at most 63 bytes (PostgreSQL cuts longer names)',
      user: 'A user name is at most 63 bytes (PostgreSQL cuts longer names)',
    });
    expect(problems({ database: '  ', user: 'con\nsole' })).toEqual({ database: 'Enter the database name', user: 'A user name cannot hold control characters' });
  });

  it('takes a CA file by its full path only, on any desktop OS', () => {
    for (const caFile of ['/etc/ssl/company-ca.pem', 'C:\\certs\\ca.pem', '\\\\server\\share\\ca.pem']) expect(problems({ caFile })).toBeNull();
    expect(problems({ caFile: 'ca.pem' })).toEqual({ caFile: 'Enter the full path of the CA file (PEM), such as /etc/ssl/company-ca.pem' });
  });

  it('ties a password to postgres://user@host:port/database, names encoded so that none can pass for another', () => {
    expect(teamJournalTarget(base)).toBe('postgres://console@db.example.com:5432/finance');
    expect(teamJournalTarget({ ...base, user: 'a@b', database: 'x/y' })).toBe('postgres://a%40b@db.example.com:5432/x%2Fy');
    expect(teamJournalTarget({ ...base, host: '2001:db8::7' })).toBe('postgres://console@[2001:db8::7]:5432/finance');
  });
});

describe('team journal and display name rules in German and French', () => {
  it('words the server and the person’s name in the window’s language', () => {
    const host = teamJournalSettings.safeParse({ ...base, host: ' ' }).error?.issues[0]?.message ?? '';
    expect(wordRule(wordsFor('de'), host)).toBe('Geben Sie den Datenbankserver ein: einen Hostnamen oder eine IP-Adresse');
    expect(wordRule(wordsFor('fr'), host)).toBe('Saisissez le serveur de base de données : un nom d’hôte ou une adresse IP');
    const name = displayNameInput.safeParse('x'.repeat(101)).error?.issues[0]?.message ?? '';
    expect(wordRule(wordsFor('de'), name)).toBe('Ein Name hat höchstens 100 Zeichen');
    expect(wordRule(wordsFor('fr'), name)).toBe('Un nom comporte au plus 100 caractères');
  });
});
