import type { UnreadableElement } from '../../../shared/api/wire.ts';
import { isKnownEntry } from '../../../shared/api/transaction.ts';
import type { KnownTransactionEntry, TransactionEntry, UnrecognisedTransactionEntry } from '../../../shared/api/transaction.ts';
import { Amount } from '../../components/Amount.tsx';
import { CopyableText } from '../../components/CopyableText.tsx';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { Fact, Facts, Flag, NotGiven } from './Facts.tsx';
import { ENTRY_LABELS, txidProblem } from '../../../shared/api/transaction-words.ts';
import { TypeValue } from './TypeValue.tsx';

/**
 * Every entry of `transactions`, each with the fields its transaction_type carries (spec 2.1.2):
 * blockchain (txid, risk score, confirmations), internal (txid, confirmations) and exchange
 * (currency_to, amount_to). An entry of a kind the spec does not describe shows its kind flagged and
 * the fields every entry has, with the on-chain ones it carries. Entries that could not be read are
 * set aside and listed as such.
 */

function Txid({ txid, sentAsNumber }: { txid: string | null | undefined; sentAsNumber: boolean }) {
  if (txid === null || txid === undefined || txid === '') return <NotGiven>none yet</NotGiven>;
  const problem = txidProblem(txid, sentAsNumber);
  return (
    <>
      <CopyableText value={txid} what="txid" testId="txid" />
      {problem && <Flag>{problem}</Flag>}
    </>
  );
}

type OnChainProps = {
  entry: Extract<KnownTransactionEntry, { transaction_type: 'blockchain' | 'internal' }> | UnrecognisedTransactionEntry;
  /** Main saw its txid arrive as a JSON number. */
  txidSentAsNumber: boolean;
};

function OnChainFacts({ entry, txidSentAsNumber }: OnChainProps) {
  return (
    <>
      <Fact term="Address">
        {entry.address ? (
          <CopyableText value={entry.address} what="entry address" />
        ) : (
          <NotGiven />
        )}
      </Fact>
      <Fact term="Tag">{entry.tag ? <code className="mono">{entry.tag}</code> : <NotGiven>none</NotGiven>}</Fact>
      <Fact term="Txid" testId="entry-txid">
        <Txid txid={entry.txid} sentAsNumber={txidSentAsNumber} />
      </Fact>
      <Fact term="Confirmations" testId="entry-confirmations">
        {entry.confirmations ?? <NotGiven />}
      </Fact>
    </>
  );
}

type EntryProps = { entry: TransactionEntry; index: number; txidSentAsNumber: boolean; holdsAskedHash: boolean };

/** The facts of an entry's kind: an exchange's target, an on-chain transfer's hash and risk score. */
function KindFacts({ entry, txidSentAsNumber }: { entry: TransactionEntry; txidSentAsNumber: boolean }) {
  // One of a kind the spec does not describe shows the on-chain fields it carries: its hash may be what a dispute is about.
  if (!isKnownEntry(entry)) return <OnChainFacts entry={entry} txidSentAsNumber={txidSentAsNumber} />;
  if (entry.transaction_type === 'exchange') {
    return (
      <Fact term="Exchanged to" testId="entry-amount-to">
        <Amount value={entry.amount_to} currency={entry.currency_to} />
      </Fact>
    );
  }
  return (
    <>
      <OnChainFacts entry={entry} txidSentAsNumber={txidSentAsNumber} />
      {entry.transaction_type === 'blockchain' && (
        <Fact term="Risk score" testId="entry-riskscore">
          {entry.riskscore ?? <NotGiven />}
        </Fact>
      )}
    </>
  );
}

function Entry({ entry, index, txidSentAsNumber, holdsAskedHash }: EntryProps) {
  const titleId = `entry-${index}-title`;
  const known = isKnownEntry(entry);
  return (
    <section
      className={holdsAskedHash ? 'entry entry-asked' : 'entry'}
      aria-labelledby={titleId}
      data-testid={known ? `entry-${entry.transaction_type}` : 'entry-unrecognised'}
      data-asked-hash={holdsAskedHash || undefined}
    >
      <h3 id={titleId}>
        {known ? ENTRY_LABELS[entry.transaction_type] : 'Entry of an unrecognised kind'} <span className="muted">entry {entry.id}</span>
        {holdsAskedHash && <span className="asked-hash-mark">the hash looked up</span>}
      </h3>
      <Facts>
        <Fact term="Kind">
          {known ? <code className="mono">{entry.transaction_type}</code> : <UnrecognisedValue what="entry kind" value={entry.transaction_type} />}
        </Fact>
        <Fact term="Type">
          <TypeValue type={entry.type} />
        </Fact>
        <Fact term="Amount">
          <Amount value={entry.amount} currency={entry.currency} />
        </Fact>
        <KindFacts entry={entry} txidSentAsNumber={txidSentAsNumber} />
      </Facts>
    </section>
  );
}

type Props = {
  entries: TransactionEntry[];
  unreadable: readonly UnreadableElement[];
  /** The places in `entries` whose txid arrived as a JSON number (the lookup's numericTxids). */
  numericTxids: readonly number[];
  /** The place in `entries` of the one holding the hash looked up (lookup by txid), or -1. */
  askedHashAt: number;
};

const ENTRY_NOUN = { one: 'entry', many: 'entries' };

export function TransactionEntries({ entries, unreadable, numericTxids, askedHashAt }: Props) {
  return (
    <section className="panel panel-wide" aria-labelledby="entries-title">
      <h2 id="entries-title">
        Entries ({entries.length}
        {unreadable.length > 0 && `, ${unreadable.length} set aside`})
      </h2>
      <SetAsideList unreadable={unreadable} noun={ENTRY_NOUN}>
        The other entries are shown as the service sent them; the raw JSON below has every one.
      </SetAsideList>
      {entries.length === 0 && unreadable.length === 0 ? (
        <p className="muted">The service lists no entries for this transaction.</p>
      ) : (
        entries.map((entry, index) => (
          <Entry
            key={`${entry.id}-${index}`}
            entry={entry}
            index={index}
            txidSentAsNumber={numericTxids.includes(index)}
            holdsAskedHash={index === askedHashAt}
          />
        ))
      )}
    </section>
  );
}
