import { describe, expect, it } from 'vitest';
import { wordRule, wordsFor } from '../../../shared/i18n/index.ts';
import { inEnglish } from '../../../shared/i18n/testing/in-english.ts';
import { formDefaults, formFieldOf, profileFormSchema, receiverReentryAddress, reentryReason, toSaveRequest } from './profile-form-schema.ts';
import { teamPasswordReason } from './team-journal-form.ts';
import { liveProfileView } from './testing/profile-views.ts';

const noTeamJournal = { host: '', port: '5432', database: '', user: '', caFile: '' };
const filled = { name: 'Acme', merchantName: '', baseUrl: 'https://app.cryptoprocessing.com/api/v2/', receiverUrl: '', apiKey: ' key-12345678 ', secret: 's3cret', teamJournal: noTeamJournal, teamJournalPassword: '' };
const stored = liveProfileView;

describe('the profile form', () => {
  it('reports every missing field at once when adding', () => {
    const result = profileFormSchema(null).safeParse({ name: '', merchantName: '', baseUrl: '', receiverUrl: '', apiKey: '', secret: '', teamJournal: noTeamJournal, teamJournalPassword: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'baseUrl', 'apiKey', 'secret']);
  });

  it('refuses plain http for a remote host with the contract message', () => {
    const result = profileFormSchema(null).safeParse({ ...filled, baseUrl: 'http://example.com' });
    expect(inEnglish(result.error?.issues[0]?.message)).toMatch(/must start with https:\/\//);
  });

  it('lets an edit leave key and secret empty, and leaves them out of the request (keep stored)', () => {
    const value = profileFormSchema(stored).parse({ ...filled, apiKey: '', secret: '' });
    expect(toSaveRequest('p1', value)).toEqual({ id: 'p1', name: 'Acme', merchantName: null, baseUrl: 'https://app.cryptoprocessing.com/api/v2', receiverUrl: null, teamJournal: null });
  });

  it('asks for both again, and says why, when an edit moves the address to another origin', () => {
    const moved = { ...filled, baseUrl: 'https://app.sandbox.cryptoprocessing.com/api/v2', apiKey: '', secret: '' };
    const result = profileFormSchema(stored).safeParse(moved);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)])).toEqual([
      ['apiKey', 'Enter the API key for https://app.sandbox.cryptoprocessing.com/api/v2'],
      ['secret', 'Enter the secret for https://app.sandbox.cryptoprocessing.com/api/v2'],
    ]);
    expect(reentryReason(stored, moved.baseUrl)).toBe(
      'The stored key and secret are tied to https://app.cryptoprocessing.com/api/v2, and the app never sends them to another address. Enter both again for https://app.sandbox.cryptoprocessing.com/api/v2.',
    );
    expect(profileFormSchema(stored).safeParse({ ...moved, apiKey: 'new-key-12345678', secret: 'new' }).success).toBe(true);
    // The same base URL, however written, keeps them; a half-typed address says nothing yet.
    expect(reentryReason(stored, 'https://APP.cryptoprocessing.com:443/api/v2/')).toBeNull();
    expect(reentryReason(stored, 'https://')).toBeNull();
    // Stored for no address this profile has (its file was edited elsewhere): typed again here too.
    expect(reentryReason({ ...stored, credentialsBaseUrl: null, hasSecret: false }, stored.baseUrl)).toMatch(/No key and secret are stored that may be sent to https:\/\/app\.cryptoprocessing\.com\/api\/v2/);
    expect(reentryReason({ ...stored, id: 'local-sandbox', kind: 'local-sandbox', credentialsBaseUrl: null }, 'http://127.0.0.1:1')).toBeNull();
  });

  it('asks for both again when an edit moves the address to another path on the same host', () => {
    const moved = { ...filled, baseUrl: 'https://app.cryptoprocessing.com/api/v3', apiKey: '', secret: '' };
    expect(profileFormSchema(stored).safeParse(moved).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['apiKey', 'secret']);
    expect(reentryReason(stored, moved.baseUrl)).toMatch(/tied to https:\/\/app\.cryptoprocessing\.com\/api\/v2, .* Enter both again for https:\/\/app\.cryptoprocessing\.com\/api\/v3\.$/);
  });

  it('refuses a base URL with a query or a fragment, on the base URL field, with the contract message', () => {
    for (const baseUrl of ['https://app.cryptoprocessing.com/api/v2?x=1', 'https://app.cryptoprocessing.com/api/v2?', 'https://app.cryptoprocessing.com/api/v2#top']) {
      const result = profileFormSchema(stored).safeParse({ ...filled, baseUrl });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]), baseUrl).toEqual([
        ['baseUrl', 'A base URL has no ?query or #fragment: enter it up to its path, such as https://app.cryptoprocessing.com/api/v2'],
      ]);
    }
  });

  it('trims the key and the trailing slash of the base URL, but not the secret', () => {
    const value = profileFormSchema(null).parse({ ...filled, secret: ' spaced ' });
    expect(toSaveRequest(null, value)).toEqual({
      name: 'Acme',
      merchantName: null,
      baseUrl: 'https://app.cryptoprocessing.com/api/v2',
      receiverUrl: null,
      apiKey: 'key-12345678',
      secret: ' spaced ',
      teamJournal: null,
    });
  });

  it('sends the merchant name trimmed, emptied as none, and refuses it with the contract words', () => {
    expect(formDefaults(stored).merchantName).toBe('');
    expect(formDefaults({ ...stored, merchantName: 'Acme GmbH' }).merchantName).toBe('Acme GmbH');
    expect(toSaveRequest('p1', profileFormSchema(stored).parse({ ...filled, merchantName: ' Acme GmbH ' })).merchantName).toBe('Acme GmbH');
    // Sent as none, not left out: emptying the field clears the stored one.
    expect(toSaveRequest('p1', profileFormSchema(stored).parse({ ...filled, merchantName: '  ' }))).toHaveProperty('merchantName', null);
    const issues = (merchantName: string) => profileFormSchema(stored).safeParse({ ...filled, merchantName }).error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]);
    expect(issues('a'.repeat(201))).toEqual([['merchantName', 'A merchant name is at most 200 characters']]);
    expect(issues('Acme\u202EGmbH')).toEqual([['merchantName', 'A merchant name cannot hold control characters or invisible formatting characters']]);
  });

  it('sends the receiver URL as its address, emptied as none, and refuses it with the contract words', () => {
    expect(formDefaults(stored).receiverUrl).toBe('');
    expect(formDefaults({ ...stored, receiverUrl: 'https://callbacks.example.com' }).receiverUrl).toBe('https://callbacks.example.com');
    const withReceiver = { ...stored, receiverUrl: 'https://callbacks.example.com', credentialsReceiverUrl: 'https://callbacks.example.com' };
    expect(toSaveRequest('p1', profileFormSchema(withReceiver).parse({ ...filled, apiKey: '', secret: '', receiverUrl: ' https://Callbacks.example.com/ ' })).receiverUrl).toBe(
      'https://callbacks.example.com',
    );
    // Sent as none, not left out: emptying the field takes the receiver away, and needs no key typed again.
    expect(toSaveRequest('p1', profileFormSchema(withReceiver).parse({ ...filled, apiKey: '', secret: '', receiverUrl: ' ' }))).toHaveProperty('receiverUrl', null);
    expect(profileFormSchema(stored).safeParse({ ...filled, receiverUrl: 'http://callbacks.example.com' }).error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)])).toEqual([
      ['receiverUrl', 'The receiver URL must start with https:// (plain http is allowed only for this computer: 127.0.0.1, ::1 or localhost)'],
    ]);
  });

  it('asks for both again, and says why, when an edit names a receiver the key and secret were not entered for', () => {
    const edit = { ...filled, apiKey: '', secret: '', receiverUrl: 'https://callbacks.example.com' };
    expect(profileFormSchema(stored).safeParse(edit).error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)])).toEqual([
      ['apiKey', 'Enter the API key for the receiver https://callbacks.example.com'],
      ['secret', 'Enter the secret for the receiver https://callbacks.example.com'],
    ]);
    expect(reentryReason(stored, stored.baseUrl, edit.receiverUrl)).toMatch(/were not entered for a receiver.*Enter both again for https:\/\/callbacks\.example\.com\.$/);
    const bound = { ...stored, receiverUrl: 'https://callbacks.example.com', credentialsReceiverUrl: 'https://callbacks.example.com' };
    // The same receiver, however written, keeps them; another one asks again, naming the one they sign for.
    expect(profileFormSchema(bound).safeParse({ ...edit, receiverUrl: 'https://CALLBACKS.example.com:443/' }).success).toBe(true);
    expect(receiverReentryAddress(bound, 'https://other.example.com')).toBe('https://other.example.com');
    expect(reentryReason(bound, bound.baseUrl, 'https://other.example.com')).toBe(
      'The stored key and secret sign reads for the receiver https://callbacks.example.com only. Enter both again for https://other.example.com.',
    );
    expect(profileFormSchema(stored).safeParse({ ...edit, apiKey: 'new-key-12345678', secret: 'new' }).success).toBe(true);
    // A half-typed address, none at all, or the local sandbox: nothing to type again.
    expect(receiverReentryAddress(stored, 'https://')).toBeNull();
    expect(receiverReentryAddress(stored, '')).toBeNull();
    expect(receiverReentryAddress({ ...stored, id: 'local-sandbox', kind: 'local-sandbox' }, 'https://callbacks.example.com')).toBeNull();
  });

  it('places field errors from main on the form field they name', () => {
    expect(formFieldOf('receiverUrl')).toBe('receiverUrl');
    expect(formFieldOf('baseUrl')).toBe('baseUrl');
    expect(formFieldOf('merchantName')).toBe('merchantName');
    expect(formFieldOf('apiKey.0')).toBe('apiKey');
    expect(formFieldOf('foreign_id')).toBeNull();
    expect(formFieldOf('teamJournal.caFile')).toBe('teamJournal.caFile');
    expect(formFieldOf('teamJournalPassword')).toBe('teamJournalPassword');
    // "Set your name first" names the whole section: said above the buttons, not on one field.
    expect(formFieldOf('teamJournal')).toBeNull();
    expect(formFieldOf('teamJournal.secret')).toBeNull();
  });
});

describe("the profile form's team journal", () => {
  const team = { host: ' Journal.Example.com ', port: '6432', database: 'finance', user: 'console', caFile: '' };
  const target = 'postgres://console@journal.example.com:6432/finance';

  it('sends the settings as the contract takes them, and the password once typed', () => {
    const value = profileFormSchema(null).parse({ ...filled, teamJournal: team, teamJournalPassword: ' pass word ' });
    expect(toSaveRequest(null, value)).toMatchObject({
      teamJournal: { host: 'journal.example.com', port: 6432, database: 'finance', user: 'console', caFile: null },
      teamJournalPassword: ' pass word ',
    });
  });

  it('needs the password for a new target, and says where a stored one is tied to', () => {
    const result = profileFormSchema(null).safeParse({ ...filled, teamJournal: team });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)])).toEqual([['teamJournalPassword', "Enter the team journal's password"]]);
    const joined = { ...stored, teamJournal: { host: 'journal.example.com', port: 6432, database: 'finance', user: 'console', caFile: null }, teamJournalPasswordFor: target };
    // Editing with the same target keeps the stored one; another database asks again.
    expect(profileFormSchema(joined).safeParse({ ...filled, apiKey: '', secret: '', teamJournal: team }).success).toBe(true);
    expect(teamPasswordReason(joined, { ...joined.teamJournal, database: 'finance_eu' })).toBe(
      `The stored password is tied to ${target}, and the app never sends it anywhere else. Enter the password for postgres://console@journal.example.com:6432/finance_eu.`,
    );
    expect(formDefaults(joined).teamJournal).toEqual({ host: 'journal.example.com', port: '6432', database: 'finance', user: 'console', caFile: '' });
  });

  it("checks every field with the contract's words; the port alone names no server", () => {
    const result = profileFormSchema(null).safeParse({ ...filled, teamJournal: { host: 'db:5432', port: '70000', database: '', user: 'console', caFile: 'ca.pem' }, teamJournalPassword: 'x' });
    expect(Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), inEnglish(issue.message)]) ?? [])).toEqual({
      'teamJournal.host': 'Enter a host name (such as db.example.com) or an IP address, without a scheme, port or path',
      'teamJournal.port': 'A port is from 1 to 65535',
      'teamJournal.database': 'Enter the database name',
      'teamJournal.caFile': 'Enter the full path of the CA file (PEM), such as /etc/ssl/company-ca.pem',
    });
    expect(profileFormSchema(null).safeParse({ ...filled, teamJournal: { ...team, port: 'abc' }, teamJournalPassword: 'x' }).error?.issues[0]?.message).toBe('A port is a whole number from 1 to 65535');
    expect(profileFormSchema(null).parse({ ...filled, teamJournal: { ...noTeamJournal, port: '1234' } }).teamJournal).toBeNull();
  });
});

describe('the profile form in German and French', () => {
  it('words an empty name and a plain http address in the window’s language', () => {
    const result = profileFormSchema(null).safeParse({ ...filled, name: '  ', baseUrl: 'http://example.com' });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages.map((text) => wordRule(wordsFor('de'), text))).toEqual(['Geben Sie einen Namen ein', 'Die Adresse muss mit https:// beginnen (einfaches http ist nur für diesen Computer erlaubt)']);
    expect(messages.map((text) => wordRule(wordsFor('fr'), text))).toEqual(['Saisissez un nom', 'L’adresse doit commencer par https:// (le http simple n’est autorisé que pour cet ordinateur)']);
  });
});
