import type { Transaction } from '../../../shared/api/transaction.ts';
import { statusWords } from '../../../shared/api/transaction-words.ts';
import { compareDecimals, subtractDecimals } from '../../../shared/money/index.ts';
import type { JournalOperation, JournalState } from '../../../shared/ipc/journal.ts';

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

const WHAT: Record<JournalRecord['operation'], string> = { 'invoices.create': 'Invoice', 'addresses.take': 'Deposit address' };

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
const withLogin = (name: string, login: string | null): string => (login === null ? name : `${name} (login ${login})`);

/**
 * Whether a dispute handler may rely on this desktop's own record of an entry, or on the team's
 * (README, "The team journal"): "Seen by this desktop (FINANCE-01): recorded by Ana Ruiz." or "From the team journal,
 * recorded by Ana Ruiz (login ana) on ana-laptop: this desktop did not see it itself." An entry made
 * before a name was set, or before the console kept either, says so rather than naming nobody silently.
 */
export function madeByLine(did: 'Recorded' | 'Looked up', maker: Maker): string {
  const doing = did.toLowerCase();
  if (maker.madeHere === true) return `Seen by this desktop${maker.madeOn === null ? '' : ` (${maker.madeOn})`}: ${whoMade(doing, maker, '', '')}.`;
  const seen = maker.madeHere === false ? 'this desktop did not see it itself' : 'the journal does not record whether this desktop saw it itself';
  return `From the team journal, ${whoMade(doing, maker, maker.madeOn === null ? '' : ` on ${maker.madeOn}`, ' there')}: ${seen}.`;
}

/** "recorded by Ana Ruiz (login ana) on ana-laptop"; `on` and `there` are empty where the line already named this desktop. */
function whoMade(doing: string, maker: Maker, on: string, there: string): string {
  if (maker.madeBy !== null) return `${doing} by ${withLogin(maker.madeBy, maker.madeLogin)}${on}`;
  if (maker.madeLogin !== null) return `${doing} by login ${maker.madeLogin}${on}, before a display name was set${there}`;
  if (maker.madeOn !== null) return `${doing}${on} before a display name was set${there}`;
  return `${doing} by a person not known (made before the console recorded who made entries)`;
}

/** "Resolved by Ben Okafor (login ben) on FINANCE-02 at ... (UTC)": who settled an unknown outcome by hand; null when nobody did. */
export function resolvedByLine(record: Pick<JournalRecord, 'resolvedBy' | 'resolvedOn' | 'resolvedLogin' | 'resolvedAt'>): string | null {
  if (record.resolvedAt === null) return null;
  const who = withLogin(record.resolvedBy ?? 'a person with no display name set', record.resolvedLogin);
  return `Resolved by ${who}${record.resolvedOn === null ? '' : ` on ${record.resolvedOn}`} at ${record.resolvedAt} (UTC)`;
}

/** Where the report's record came from, said plainly: the service's own word, or a match by reference. */
function howFound(record: JournalRecord): string {
  if (record.matchedBy === 'service callback') return `The service's callback for this payment names this ${record.operation === 'addresses.take' ? 'deposit address' : 'invoice'}.`;
  return `No callback from the service names what this payment belongs to: this record shares the transaction's ${record.matchedBy}, a match, not the service's word.`;
}

function recordLines(record: JournalRecord): string[] {
  const amount = record.amount !== null ? `, ${record.amount} ${record.currency ?? ''}`.trimEnd() : record.currency ? `, ${record.currency}` : '';
  const how = record.matchedBy === 'service callback' ? 'named by the service' : `same ${record.matchedBy}`;
  return [
    `${WHAT[record.operation]} ${record.foreignId ?? '-'} (${how}): journal entry #${record.journalId}, ${record.state}, created ${record.createdAt} (UTC)${amount}`,
    howFound(record),
    madeByLine('Recorded', record),
    ...[resolvedByLine(record)].filter((line) => line !== null),
    ...(record.serviceId ? [`Service id: ${record.serviceId}`] : []),
    ...(record.title ? [`Title: ${record.title}`] : []),
    ...(record.endUserReference ? [`End user reference: ${record.endUserReference}`] : []),
    ...(record.address ? [`Address: ${record.address}`] : []),
  ];
}

/**
 * Whether the payment covers the invoice the journal recorded: the first question of a dispute.
 * Compared as exact decimals, in the invoice's own currency only (the side of the transaction in
 * that currency: what the customer sent, or what the merchant received); when neither side is in
 * it the report says it cannot tell rather than converting. Only a confirmed transaction is
 * called paid; any other status says the payment is not final. Null: no invoice amount to compare.
 */
export function paymentLine(tx: Transaction, record: JournalRecord): string | null {
  if (record.operation !== 'invoices.create' || record.amount === null || record.currency === null) return null;
  const currency = record.currency.toUpperCase();
  const asked = `${record.amount} ${record.currency}`;
  const side = [tx.currency_sent, tx.currency_received].find((amount) => amount?.currency.toUpperCase() === currency);
  if (!side) {
    return `Whether this pays the invoice in full cannot be told from this transaction: the invoice asked ${asked}, and the transaction shows no amount in ${record.currency}.`;
  }
  const paid = `${side.amount} ${side.currency}`;
  const order = compareDecimals(side.amount, record.amount);
  const gap = `${order < 0 ? subtractDecimals(record.amount, side.amount) : subtractDecimals(side.amount, record.amount)} ${side.currency}`;
  const against = order === 0 ? `${paid}, as the invoice asked (${asked})` : `${paid} against the ${asked} the invoice asked, ${gap} ${order < 0 ? 'short' : 'over'}`;
  if (tx.status !== 'confirmed') {
    const words = statusWords(tx.status);
    const verdict =
      words === null
        ? `Not called paid: the transaction's status "${tx.status}" is not one this console knows`
        : words.final
          ? `Not paid: the transaction is ${words.label.toLowerCase()}, which is final`
          : `Not paid yet: the transaction is ${words.label.toLowerCase()}, not final`;
    return `${verdict}. It shows ${against}.`;
  }
  return `${order === 0 ? 'Paid in full' : order < 0 ? 'Paid less than asked' : 'Paid more than asked'}: ${against}.`;
}

/** The lines of the report's dispute section, in the words staff read. */
export function disputeLines(tx: Transaction, match: DisputeMatch): string[] {
  const lines: string[] = [];
  if (match.askedTxid !== null) {
    const asked = match.askedTxid.toLowerCase();
    const entry = tx.transactions.find((e) => 'txid' in e && typeof e.txid === 'string' && e.txid.toLowerCase() === asked);
    lines.push(`Hash the customer gave: ${match.askedTxid}`);
    lines.push(
      entry
        ? `It matched transaction ${tx.id}, entry #${entry.id} (${entry.transaction_type} ${entry.type ?? ''} ${entry.amount} ${entry.currency}).`.replace(/ {2,}/g, ' ')
        : `The service answered transaction ${tx.id} for it; none of its entries shows this exact hash.`,
    );
  } else {
    lines.push(`Looked up by the service's id or the foreign id, not by a hash: transaction ${tx.id}.`);
  }
  if (match.record) return [...lines, ...recordLines(match.record), ...[paymentLine(tx, match.record)].filter((line) => line !== null)];
  const { foreignIds, endUserReference } = referencesOf(tx);
  const searched = [...foreignIds.map((id) => `the foreign id ${id}`), ...(endUserReference ? [`the end user reference ${endUserReference}`] : [])];
  lines.push(
    searched.length === 0
      ? "This console's journal: the transaction carries no foreign id or end user reference to match."
      : `This console's journal has no invoice or deposit address with ${searched.join(' or ')}.`,
  );
  return lines;
}
