import type { Transaction } from '../../../shared/api/transaction.ts';
import { statusIdsOf } from '../../../shared/api/transaction-words.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import { compareDecimals, subtractDecimals } from '../../../shared/money/index.ts';
import type { JournalOperation, JournalState } from '../../../shared/ipc/journal.ts';
import type { ReportWords } from './report-words.ts';

/**
 * What a dispute is about: the hash the customer gave, the transaction and entry it
 * matched, and this console's own record of the payment, so that staff see the three side by side
 * without the back office. Pure: the services find the record, the report prints these lines.
 */

/** The journal's record of the same payment: an invoice (or a deposit address) the console made. */
export type JournalRecord = {
  journalId: number;
  operation: Extract<JournalOperation, 'invoices.create' | 'addresses.take'>;
  state: JournalState;
  foreignId: string | null;
  endUserReference: string | null;
  serviceId: string | null;
  title: string | null;
  currency: string | null;
  amount: string | null;
  address: string | null;
  createdAt: string;
  /** Who made the record and on which computer (a team journal has several); null when it was not recorded. */
  madeBy: string | null;
  madeOn: string | null;
  /** The team journal's login that wrote it, and whether this desktop did (Maker). */
  madeLogin: string | null;
  madeHere: boolean | null;
  /** Who recorded by hand what became of it, where and when, if its outcome was ever unknown. */
  resolvedBy: string | null;
  resolvedOn: string | null;
  /** The team journal's login that resolved it; null on a desktop's own journal. */
  resolvedLogin: string | null;
  resolvedAt: string | null;
  /**
   * How the record was found: a callback of the service named it for one of the payment's hashes,
   * or, where none did, it shares one of the transaction's references (a match, not the service's word).
   */
  matchedBy: 'service callback' | 'foreign id' | 'end user reference';
};

export type DisputeMatch = {
  /** The txid the lookup asked for; null when it was by id or foreign id. */
  askedTxid: string | null;
  /** The journal's record with the transaction's foreign id or end_user_reference; null when there is none. */
  record: JournalRecord | null;
};

/** The references a journal record may share with a transaction: its foreign id, its address's, and its customer's. */
export function referencesOf(tx: Transaction): { foreignIds: string[]; endUserReference: string | null } {
  const foreignIds = [tx.foreign_id, tx.crypto_address?.foreign_id].filter((id): id is string => typeof id === 'string' && id !== '');
  const endUserReference = typeof tx.end_user_reference === 'string' && tx.end_user_reference !== '' ? tx.end_user_reference : null;
  return { foreignIds: [...new Set(foreignIds)], endUserReference };
}

/**
 * Who made a journal entry and on which computer, as the entry records them, and where
 * the report's desktop stands to it.
 */
export type Maker = {
  /** The display name and the computer's name: what the desktop that wrote the entry said. */
  madeBy: string | null;
  madeOn: string | null;
  /** A team journal's entry: the database login that wrote it, stamped by the database; null on a desktop's own journal. */
  madeLogin: string | null;
  /**
   * Whether the desktop making the report wrote the entry itself, told by main from the entry's
   * desktop id (never guessed here from a name: two desktops may share a computer and a person).
   * Null: the journal does not record which desktop wrote it (an entry copied into a team journal
   * from a desktop's history older than the desktop id).
   */
  madeHere: boolean | null;
};

/** "Ana Ruiz (login ana)": the name a desktop gave, and beside it the login the team journal recorded. */
const withLogin = (words: ReportWords, name: string, login: string | null): string =>
  login === null ? name : words.say('main.history.report.nameLogin', { name, login });

/** What the entry's maker did: recorded a payment, or looked a transaction up. */
export type MakerDid = 'recorded' | 'lookedUp';

/**
 * Whether a dispute handler may rely on this desktop's own record of an entry, or on the team's
 * (README, "The team journal"): "Seen by this desktop (FINANCE-01): recorded by Ana Ruiz." or "From the team journal,
 * recorded by Ana Ruiz (login ana) on ana-laptop: this desktop did not see it itself." An entry made
 * before a name was set, or before the console kept either, says so rather than naming nobody silently.
 */
export function madeByLine(words: ReportWords, did: MakerDid, maker: Maker): string {
  const { say } = words;
  if (maker.madeHere === true) {
    const who = whoMade(words, did, maker, false);
    return maker.madeOn === null ? say('main.history.report.seenHere', { who }) : say('main.history.report.seenHereOn', { who, computer: maker.madeOn });
  }
  const seen: MessageId = maker.madeHere === false ? 'main.history.report.notSeenHere' : 'main.history.report.seenHereUnknown';
  return say('main.history.report.fromTeam', { who: whoMade(words, did, maker, true), seen: say(seen) });
}

/** "recorded by Ana Ruiz (login ana) on ana-laptop"; `team`: the line names the computer and says "there", as it did not name this desktop. */
function whoMade(words: ReportWords, did: MakerDid, maker: Maker, team: boolean): string {
  const { say } = words;
  const computer = team ? maker.madeOn : null;
  if (maker.madeBy !== null) {
    const person = withLogin(words, maker.madeBy, maker.madeLogin);
    return computer === null ? say('main.history.report.whoName', { did, person }) : say('main.history.report.whoNameOn', { did, person, computer });
  }
  if (maker.madeLogin !== null) {
    if (!team) return say('main.history.report.whoLogin', { did, login: maker.madeLogin });
    return computer === null
      ? say('main.history.report.whoLoginThere', { did, login: maker.madeLogin })
      : say('main.history.report.whoLoginOnThere', { did, login: maker.madeLogin, computer });
  }
  if (maker.madeOn !== null) return team ? say('main.history.report.whoUnnamedOnThere', { did, computer: maker.madeOn }) : say('main.history.report.whoUnnamed', { did });
  return say('main.history.report.whoNobody', { did });
}

/** "Resolved by Ben Okafor (login ben) on FINANCE-02 at ...": who settled an unknown outcome by hand; null when nobody did. */
export function resolvedByLine(words: ReportWords, record: Pick<JournalRecord, 'resolvedBy' | 'resolvedOn' | 'resolvedLogin' | 'resolvedAt'>): string | null {
  if (record.resolvedAt === null) return null;
  const who = withLogin(words, record.resolvedBy ?? words.say('main.history.report.noDisplayName'), record.resolvedLogin);
  const at = words.at(record.resolvedAt);
  return record.resolvedOn === null
    ? words.say('main.history.report.resolved', { who, at })
    : words.say('main.history.report.resolvedOn', { who, computer: record.resolvedOn, at });
}

/** How a record was matched, as a select's key. */
const matchedKey = (record: JournalRecord): 'foreignId' | 'endUserReference' => (record.matchedBy === 'foreign id' ? 'foreignId' : 'endUserReference');
const whatKey = (record: JournalRecord): 'invoice' | 'address' => (record.operation === 'addresses.take' ? 'address' : 'invoice');

/** Where the report's record came from, said plainly: the service's own word, or a match by reference. */
function howFound(words: ReportWords, record: JournalRecord): string {
  if (record.matchedBy === 'service callback') return words.say('main.history.report.foundByCallback', { what: whatKey(record) });
  return words.say('main.history.report.foundByMatch', { matchedBy: matchedKey(record) });
}

function recordLines(words: ReportWords, record: JournalRecord): string[] {
  const { say } = words;
  const amount = record.amount !== null ? `, ${record.amount} ${record.currency ?? ''}`.trimEnd() : record.currency ? `, ${record.currency}` : '';
  const how = record.matchedBy === 'service callback' ? say('main.history.report.howNamed') : say('main.history.report.howSame', { matchedBy: matchedKey(record) });
  return [
    say('main.history.report.record', {
      what: whatKey(record),
      foreignId: record.foreignId ?? '-',
      how,
      journalId: String(record.journalId),
      state: record.state,
      at: words.at(record.createdAt),
      amount,
    }),
    howFound(words, record),
    madeByLine(words, 'recorded', record),
    ...[resolvedByLine(words, record)].filter((line) => line !== null),
    ...(record.serviceId ? [say('main.history.report.serviceId', { value: record.serviceId })] : []),
    ...(record.title ? [say('main.history.report.recordTitle', { value: record.title })] : []),
    ...(record.endUserReference ? [say('main.history.report.endUserReference', { value: record.endUserReference })] : []),
    ...(record.address ? [say('main.history.report.address', { address: record.address })] : []),
  ];
}

/**
 * Whether the payment covers the invoice the journal recorded: the first question of a dispute.
 * Compared as exact decimals, in the invoice's own currency only (the side of the transaction in
 * that currency: what the customer sent, or what the merchant received); when neither side is in
 * it the report says it cannot tell rather than converting. Only a confirmed transaction is
 * called paid; any other status says the payment is not final. Null: no invoice amount to compare.
 */
export function paymentLine(words: ReportWords, tx: Transaction, record: JournalRecord): string | null {
  if (record.operation !== 'invoices.create' || record.amount === null || record.currency === null) return null;
  const { say } = words;
  const currency = record.currency.toUpperCase();
  const asked = `${record.amount} ${record.currency}`;
  const side = [tx.currency_sent, tx.currency_received].find((amount) => amount?.currency.toUpperCase() === currency);
  if (!side) return say('main.history.report.cannotTell', { asked, currency: record.currency });
  const paid = `${side.amount} ${side.currency}`;
  const order = compareDecimals(side.amount, record.amount);
  const gap = `${order < 0 ? subtractDecimals(record.amount, side.amount) : subtractDecimals(side.amount, record.amount)} ${side.currency}`;
  const against = order === 0 ? say('main.history.report.asAsked', { paid, asked }) : say('main.history.report.against', { paid, asked, gap, way: order < 0 ? 'short' : 'over' });
  if (tx.status !== 'confirmed') {
    const ids = statusIdsOf(tx.status);
    const verdict =
      ids === null
        ? say('main.history.report.notCalledPaid', { status: tx.status })
        : say(ids.final ? 'main.history.report.notPaidFinal' : 'main.history.report.notPaidYet', { label: words.lower(say(ids.label)) });
    return say('main.history.report.notPaid', { verdict, against });
  }
  return say('main.history.report.paid', { how: order === 0 ? 'full' : order < 0 ? 'less' : 'more', against });
}

/** The lines of the report's dispute section, in the words staff read. */
export function disputeLines(words: ReportWords, tx: Transaction, match: DisputeMatch): string[] {
  const { say } = words;
  const lines: string[] = [];
  if (match.askedTxid !== null) {
    const asked = match.askedTxid.toLowerCase();
    const entry = tx.transactions.find((e) => 'txid' in e && typeof e.txid === 'string' && e.txid.toLowerCase() === asked);
    lines.push(say('main.history.report.hash', { hash: match.askedTxid }));
    lines.push(
      entry
        ? say('main.history.report.matched', {
            id: String(tx.id),
            entry: String(entry.id),
            details: `${entry.transaction_type} ${entry.type ?? ''} ${entry.amount} ${entry.currency}`.replace(/ {2,}/g, ' '),
          })
        : say('main.history.report.notMatched', { id: String(tx.id) }),
    );
  } else {
    lines.push(say('main.history.report.byId', { id: String(tx.id) }));
  }
  if (match.record) return [...lines, ...recordLines(words, match.record), ...[paymentLine(words, tx, match.record)].filter((line) => line !== null)];
  const { foreignIds, endUserReference } = referencesOf(tx);
  const searched = [
    ...foreignIds.map((id) => say('main.history.report.searchedForeignId', { id })),
    ...(endUserReference ? [say('main.history.report.searchedReference', { reference: endUserReference })] : []),
  ];
  lines.push(
    searched.length === 0
      ? say('main.history.report.noReferences')
      : say('main.history.report.noRecord', { searched: searched.join(` ${say('main.history.report.or')} `) }),
  );
  return lines;
}
