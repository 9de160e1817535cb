import { MESSAGE_WORDING_BOUNDED, OPERATIONS_KNOWN, TEAM_RULES } from './team-rules.ts';
import { WITHDRAWAL_RULES, WITHDRAWAL_RULES_10 } from './withdrawal-rules.ts';
import type { Column, ColumnType, Index, Migration, TextIndex } from './schema-model.ts';

/**
 * The journal's schema, once, for both engines: SQLite on one desktop, a team's
 * PostgreSQL. Each engine's DDL is generated from it (schema-ddl.ts): the SQLite journal's file is
 * migrated by sqlite-migrations.ts, the team journal's database by postgres/postgres-migrations.ts.
 * Versions 1 to 5 were the SQLite journal's own list before; sqlite-drift.test.ts keeps a file of
 * that time upgrading as it did, and a file migrated by the app equal to this description.
 */

const column = (name: string, type: ColumnType, nullable = true): Column => ({ name, type, nullable });
const text = (name: string) => column(name, 'text');

/**
 * History's free text: what a person types to find an entry (a foreign id or part of one, the
 * service's id, a title word, a customer reference, a hash a lookup saw, a deposit address). A
 * search tests these columns one by one (search-sql.ts); this index finds the candidates without
 * reading every entry, which a million entries made take most of a second on either engine.
 */
export const ENTRIES_TEXT: TextIndex = {
  name: 'entries_text',
  table: 'entries',
  columns: ['foreign_id', 'service_id', 'title', 'end_user_reference', 'txids', 'address'],
};

/**
 * A filter of History as an index: the profile, the filtered column, then the page's order (newest
 * first), so a page of a filtered search reads its 50 entries and stops, however many the profile has.
 */
const newestFirstBy = (name: string, filtered: string): Index => ({
  name,
  table: 'entries',
  columns: [{ name: 'profile_id' }, { name: filtered }, { name: 'created_at', descending: true }, { name: 'id', descending: true }],
});

/**
 * History's kinds of record (shared/ipc/journal.ts JOURNAL_KINDS: payments, the default view, and
 * lookups) as the conditions of their partial indexes (version 8), written out: a migration stays
 * what it was, so an operation that only reads, added later, needs indexes of a version of its own
 * (search-sql.test.ts fails until the two agree). `column`: how the search names the operation
 * (search-sql.ts keeps SQLite off an index with `+operation`); the index has it bare. Each engine
 * uses a partial index only for a query that states its condition word for word, so the search
 * writes exactly these, with no parameter.
 */
export const KIND_CONDITIONS = {
  payments: (column = 'operation') => `${column} <> 'transactions.lookup'`,
  lookups: (column = 'operation') => `${column} = 'transactions.lookup'`,
} as const;

/** A kind of record as an index: the profile's entries of that kind, newest first (a page reads its 50 and stops). */
const newestFirstOfKind = (name: string, kind: keyof typeof KIND_CONDITIONS): Index => ({
  name,
  table: 'entries',
  columns: [{ name: 'profile_id' }, { name: 'created_at', descending: true }, { name: 'id', descending: true }],
  where: KIND_CONDITIONS[kind](),
});

export const JOURNAL_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'The journal: every submission and lookup of the console.',
    changes: [
      {
        kind: 'create-table',
        table: 'entries',
        columns: [
          column('id', 'id', false),
          column('profile_id', 'text', false),
          column('profile_name', 'text', false),
          column('operation', 'text', false),
          column('state', 'text', false),
          text('foreign_id'),
          text('service_id'),
          text('service_status'),
          text('title'),
          text('end_user_reference'),
          text('currency'),
          // Exact decimal text, as sent or as seen: never a float, and not numeric either, which would
          // rewrite '1e3' or drop what the service wrote.
          text('amount'),
          column('request', 'text', false),
          text('response'),
          column('http_status', 'integer'),
          column('duration_ms', 'integer'),
          text('message'),
          column('created_at', 'timestamp', false),
          column('updated_at', 'timestamp', false),
        ],
      },
      // History lists a profile's entries newest first; search narrows by these.
      { kind: 'create-index', index: { name: 'entries_profile_created', table: 'entries', columns: [{ name: 'profile_id' }, { name: 'created_at', descending: true }, { name: 'id', descending: true }] } },
      { kind: 'create-index', index: { name: 'entries_foreign_id', table: 'entries', columns: [{ name: 'foreign_id' }] } },
      { kind: 'create-index', index: { name: 'entries_service_id', table: 'entries', columns: [{ name: 'service_id' }] } },
      { kind: 'create-index', index: { name: 'entries_state', table: 'entries', columns: [{ name: 'state' }] } },
    ],
  },
  {
    version: 2,
    why: 'The sent mark: a submission that may have left is never sent again (shared/submission/outcome.ts).',
    changes: [
      { kind: 'add-column', table: 'entries', column: column('sent_at', 'timestamp') },
      // A submission written before the mark existed cannot prove it never left: it counts as sent.
      { kind: 'rows', sql: { sqlite: "UPDATE entries SET sent_at = created_at WHERE operation <> 'transaction.lookup';" } },
    ],
  },
  {
    version: 3,
    why: 'The origin (scheme://host[:port]) the call went to, so a dispute shows where it was sent; null for entries written before.',
    changes: [{ kind: 'add-column', table: 'entries', column: text('origin') }],
  },
  {
    version: 4,
    why: "Lookups and deposit addresses: the txids a lookup saw (a JSON list), and the deposit address an addresses.take got.",
    changes: [
      { kind: 'add-column', table: 'entries', column: text('txids') },
      { kind: 'add-column', table: 'entries', column: text('address') },
      {
        kind: 'rows',
        sql: {
          // Lookups kept before get the txids of their kept answer where it is whole JSON.
          sqlite: `UPDATE entries SET txids = (
       SELECT json_group_array(DISTINCT txid) FROM (
         SELECT CASE WHEN t.type = 'object' THEN CAST(json_extract(t.value, '$.txid') AS TEXT) END AS txid
         FROM json_each(entries.response, '$.transactions') AS t
       ) WHERE txid IS NOT NULL AND txid <> '')
     WHERE operation = 'transaction.lookup' AND json_valid(response) AND json_type(response, '$.transactions') = 'array';`,
        },
      },
    ],
  },
  {
    version: 5,
    why: 'One name per operation, the IPC channel\'s; the names are written out, not taken from the code.',
    changes: [
      {
        kind: 'rows',
        sql: {
          sqlite: `UPDATE entries SET operation = CASE operation
       WHEN 'invoice.create' THEN 'invoices.create'
       WHEN 'transaction.lookup' THEN 'transactions.lookup'
       WHEN 'address.take' THEN 'addresses.take'
     END
   WHERE operation IN ('invoice.create', 'transaction.lookup', 'address.take');`,
        },
      },
    ],
  },
  {
    version: 6,
    why: 'A team journal. Who made each entry, who resolved an unknown one, a foreign id used once per profile, and searches that stay fast at a million entries.',
    changes: [
      // The person's display name (set once) and the computer's name, shown beside the entry; the
      // desktop's own id (one per data folder), because two computers may share a name and a desktop
      // recovers only its own interrupted entries: another desktop's pending one may be in flight.
      { kind: 'add-column', table: 'entries', column: text('made_by') },
      { kind: 'add-column', table: 'entries', column: text('made_on') },
      { kind: 'add-column', table: 'entries', column: text('desktop_id') },
      { kind: 'add-column', table: 'entries', column: text('resolved_by') },
      { kind: 'add-column', table: 'entries', column: text('resolved_on') },
      { kind: 'add-column', table: 'entries', column: column('resolved_at', 'timestamp') },
      // One id per entry in every database it is ever copied to: a desktop joining a team journal
      // uploads its history once, and an upload repeated skips what is already there. Nullable only
      // because SQLite cannot add a NOT NULL column without a default; every writer sets it.
      { kind: 'add-column', table: 'entries', column: text('entry_uid') },
      { kind: 'rows', sql: { sqlite: 'UPDATE entries SET entry_uid = lower(hex(randomblob(16))) WHERE entry_uid IS NULL;' } },
      // When a desktop's own entry was copied to its profile's team journal (joining, or a lookup
      // kept locally while the team journal was unreachable): null until then, so nothing is lost
      // and nothing is copied twice. Only a desktop's SQLite journal sets it.
      { kind: 'add-column', table: 'entries', column: column('uploaded_at', 'timestamp') },
      { kind: 'create-index', index: { name: 'entries_entry_uid', table: 'entries', columns: [{ name: 'entry_uid' }], unique: true } },
      // History's filter by person; its list of people reads the first two columns.
      { kind: 'create-index', index: newestFirstBy('entries_profile_made_by', 'made_by') },
      // The attention banner (state = unknown, on every screen) and History's state and status
      // filters: with only (profile_id, created_at) a rare state is found by reading the whole profile.
      { kind: 'create-index', index: newestFirstBy('entries_profile_state', 'state') },
      { kind: 'create-index', index: newestFirstBy('entries_profile_service_status', 'service_status') },
      { kind: 'create-text-index', index: ENTRIES_TEXT },
      {
        kind: 'create-index',
        index: {
          // Never twice, across desktops: a foreign id is held once per profile by a submission that
          // is in flight, succeeded, or may have (unknown, until a person resolves it). A failed try
          // (a clear refusal, or one that never left) holds nothing: the service did nothing with it.
          // So a second desktop's pending row cannot be inserted, whatever its code checked first.
          // PostgreSQL only: on one desktop the SQLite journal's write transaction already
          // serializes every try, and an old file may hold tries that were allowed then.
          name: 'entries_foreign_id_claim',
          table: 'entries',
          columns: [{ name: 'profile_id' }, { name: 'foreign_id' }],
          unique: true,
          where: "foreign_id IS NOT NULL AND operation <> 'transactions.lookup' AND state <> 'failed'",
          engines: ['postgres'],
        },
      },
    ],
  },
  {
    version: 7,
    why: 'A team journal written by several people, each through their own login: the database records who made and who resolved each entry, keeps what made an entry and a settled outcome unchanged, and bounds what a row may hold (team-rules.ts, docs/security.md).',
    changes: [
      // Stamped by the team journal's triggers from the connection's login; null on a desktop's own
      // SQLite journal, where there is one person, and on entries written before this version.
      { kind: 'add-column', table: 'entries', column: text('made_login') },
      { kind: 'add-column', table: 'entries', column: text('resolved_login') },
      // The last insert or update: by which login, at the database's time (a desktop's clock may be wrong).
      { kind: 'add-column', table: 'entries', column: text('written_by') },
      { kind: 'add-column', table: 'entries', column: column('written_at', 'timestamp') },
      // SQLite has none: its file is this desktop's own, written by this app alone.
      { kind: 'rules', sql: { postgres: TEAM_RULES } },
      {
        // This desktop's own record of what it sent through a team journal, in its own file: whether
        // a foreign id may be sent again never rests on rows that other people can write alone
        // (team-journal/own-sent-marks.ts). SQLite only: it is the desktop's, not the team's.
        kind: 'create-table',
        table: 'sent_marks',
        engines: ['sqlite'],
        columns: [
          // The team journal (host:port/database) and the profile key its entries are filed under.
          column('team_journal', 'text', false),
          column('profile_key', 'text', false),
          column('operation', 'text', false),
          column('foreign_id', 'text', false),
          // The entry's id in that team journal, and when this desktop marked it sent.
          column('entry_id', 'integer', false),
          column('sent_at', 'timestamp', false),
        ],
      },
      {
        kind: 'create-index',
        index: { name: 'sent_marks_foreign_id', table: 'sent_marks', columns: [{ name: 'team_journal' }, { name: 'profile_key' }, { name: 'operation' }, { name: 'foreign_id' }], engines: ['sqlite'] },
      },
    ],
  },
  {
    version: 8,
    why: "History is the clerk's record of payments: its default view lists invoices, exchanges and deposit addresses without lookups, and its filter lists lookups alone, each a page of its index, newest first.",
    changes: [
      // Partial: each holds only its kind's entries, so a page of payments never walks past a
      // clerk's thousands of lookups, nor a page of lookups past the payments.
      { kind: 'create-index', index: newestFirstOfKind('entries_profile_payments', 'payments') },
      { kind: 'create-index', index: newestFirstOfKind('entries_profile_lookups', 'lookups') },
    ],
  },
  {
    version: 9,
    why: 'Withdrawals under four eyes: a draft holds the exact request, sent only once other logins approved it under the merchant account\'s policy (withdrawal-rules.ts, docs/security.md).',
    changes: [
      {
        kind: 'create-table',
        table: 'withdrawal_drafts',
        columns: [
          column('id', 'id', false),
          // The merchant account: the key its journal files entries under (the profile's, or its team key).
          column('profile_id', 'text', false),
          column('profile_name', 'text', false),
          column('foreign_id', 'text', false),
          column('currency', 'text', false),
          // Exact decimal text, as the request sends it.
          column('amount', 'text', false),
          // The request body, as the exact text that is signed and sent, and its sha256 (hex).
          column('request', 'text', false),
          column('request_sha256', 'text', false),
          // Drafts made together (a payout list), if any.
          text('batch_id'),
          // The login that drafted it (stamped by a team journal's database; null on a desktop's own
          // journal, where there is one person), and the display name and computer it claims.
          text('drafted_login'),
          text('drafted_by'),
          text('drafted_on'),
          text('desktop_id'),
          column('drafted_at', 'timestamp', false),
          column('expires_at', 'timestamp', false),
        ],
      },
      // A foreign id is drafted once per merchant account.
      { kind: 'create-index', index: { name: 'withdrawal_drafts_foreign_id', table: 'withdrawal_drafts', columns: [{ name: 'profile_id' }, { name: 'foreign_id' }], unique: true } },
      {
        kind: 'create-index',
        index: { name: 'withdrawal_drafts_profile', table: 'withdrawal_drafts', columns: [{ name: 'profile_id' }, { name: 'drafted_at', descending: true }, { name: 'id', descending: true }] },
      },
      {
        kind: 'create-table',
        table: 'withdrawal_decisions',
        columns: [
          column('id', 'id', false),
          // 'draft' or 'policy', and its id.
          column('subject', 'text', false),
          column('subject_id', 'integer', false),
          // 'approve' or 'reject'; a rejection says why.
          column('decision', 'text', false),
          text('reason'),
          // Stamped by a team journal's database; on a desktop's own journal, its one person's (LOCAL_LOGIN).
          text('login'),
          text('decided_by'),
          text('decided_on'),
          column('decided_at', 'timestamp', false),
        ],
      },
      // One decision per login on each draft or policy.
      {
        kind: 'create-index',
        index: { name: 'withdrawal_decisions_once', table: 'withdrawal_decisions', columns: [{ name: 'subject' }, { name: 'subject_id' }, { name: 'login' }], unique: true },
      },
      {
        kind: 'create-table',
        table: 'withdrawal_policies',
        columns: [
          column('id', 'id', false),
          column('profile_id', 'text', false),
          column('approvals_needed', 'integer', false),
          // Over this amount in this currency, approvals_over approvals are needed instead.
          text('threshold_currency'),
          text('threshold_amount'),
          column('approvals_over', 'integer'),
          // The logins that may approve, a JSON list; null: any login but the drafter's.
          text('approvers'),
          // 1: this desktop's one person withdraws alone, through main's confirmation (a desktop's
          // own journal only: a team journal's database refuses it).
          column('withdraw_alone', 'integer', false),
          text('proposed_login'),
          text('proposed_by'),
          column('proposed_at', 'timestamp', false),
        ],
      },
      { kind: 'create-index', index: { name: 'withdrawal_policies_profile', table: 'withdrawal_policies', columns: [{ name: 'profile_id' }] } },
      {
        kind: 'create-table',
        table: 'withdrawal_sends',
        columns: [
          // One claim per draft: the desktop that holds it sends the draft's bytes, once.
          column('draft_id', 'integer', false),
          text('claimed_login'),
          text('claimed_by'),
          text('claimed_on'),
          text('desktop_id'),
          column('claimed_at', 'timestamp', false),
        ],
      },
      { kind: 'create-index', index: { name: 'withdrawal_sends_draft', table: 'withdrawal_sends', columns: [{ name: 'draft_id' }], unique: true } },
      // A sent withdrawal is a journal entry of its own operation; and the tables' own rules.
      { kind: 'rules', sql: { postgres: [...OPERATIONS_KNOWN, ...WITHDRAWAL_RULES] } },
    ],
  },
  {
    version: 10,
    why: "Withdrawals: a batch read by its index in one query, a draft's lifetime set by the merchant account's policy, and a send whose outcome is unknown checked with the service (withdrawal-rules.ts, docs/withdrawals.md).",
    changes: [
      // withdrawals.batch reads a batch's drafts, in their order, by this index alone.
      { kind: 'create-index', index: { name: 'withdrawal_drafts_batch', table: 'withdrawal_drafts', columns: [{ name: 'profile_id' }, { name: 'batch_id' }, { name: 'id' }] } },
      // How long a draft waits for its approvals, in milliseconds; null: DRAFT_LIFETIME_MS (24 h).
      { kind: 'add-column', table: 'withdrawal_policies', column: column('draft_lifetime_ms', 'integer') },
      {
        kind: 'create-table',
        table: 'withdrawal_send_checks',
        columns: [
          // What the service said of a claimed send whose outcome was unknown, asked by the draft's foreign id.
          column('draft_id', 'integer', false),
          // The send it judges: 1 the claim's, n + 1 the one after the n-th 'not-sent'.
          column('attempt', 'integer', false),
          // 'sent': the service has it (its id and status below); 'not-sent': it had none, long
          // enough after the send began that none can still arrive. The checking desktop sends it
          // again, with the same text and foreign id, after a person's yes.
          column('outcome', 'text', false),
          text('service_id'),
          text('service_status'),
          // The newest journal try under the foreign id it judged (null: none): later ones are the next send's.
          column('judged_entry', 'integer'),
          text('checked_login'),
          text('checked_by'),
          text('checked_on'),
          text('desktop_id'),
          column('checked_at', 'timestamp', false),
        ],
      },
      { kind: 'create-index', index: { name: 'withdrawal_send_checks_attempt', table: 'withdrawal_send_checks', columns: [{ name: 'draft_id' }, { name: 'attempt' }], unique: true } },
      { kind: 'rules', sql: { postgres: WITHDRAWAL_RULES_10 } },
    ],
  },
  {
    version: 11,
    why: "A failure's message in the window's language: beside the English message, kept as it was (CSV, logs, older desktops), its words as data, a catalogue id and its values (docs/i18n.md).",
    changes: [
      // JSON of a Wording (shared/i18n/words.ts); null for the service's own words and for entries
      // written before. Read as untrusted (shared/i18n/wording-data.ts): what cannot be worded shows the message.
      { kind: 'add-column', table: 'entries', column: text('message_wording') },
      // Bounded as the message is; a resolution may replace it as it replaces the message (team-rules.ts).
      { kind: 'rules', sql: { postgres: [MESSAGE_WORDING_BOUNDED] } },
    ],
  },
];

/** The newest schema this app knows. */
export const LATEST_JOURNAL_VERSION = JOURNAL_MIGRATIONS.length;
