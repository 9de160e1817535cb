import { FormattedMessage, useIntl } from 'react-intl';
import type { UnreadableElement } from '../../../shared/api/wire.ts';
import { isKnownEntry } from '../../../shared/api/transaction.ts';
import type { KnownTransactionEntry, TransactionEntry, UnrecognisedTransactionEntry } from '../../../shared/api/transaction.ts';
import { Amount } from '../../components/Amount.tsx';
import { CopyableText } from '../../components/CopyableText.tsx';
import { SPACE } from '../../components/locale.ts';
import { SetAsideList } from '../../components/SetAsideList.tsx';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { Fact, Facts, Flag, NotGiven } from './Facts.tsx';
import { ENTRY_LABEL_IDS, txidProblemId } from '../../../shared/api/transaction-words.ts';
import { TypeValue } from './TypeValue.tsx';

/**
 * Every entry of `transactions`, each with the fields its transaction_type carries (spec 2.1.2):
 * blockchain (txid, risk score, confirmations), internal (txid, confirmations) and exchange
 * (currency_to, amount_to). An entry of a kind the spec does not describe shows its kind flagged and
 * the fields every entry has, with the on-chain ones it carries. Entries that could not be read are
 * set aside and listed as such.
 */

function Txid({ txid, sentAsNumber }: { txid: string | null | undefined; sentAsNumber: boolean }) {
  const intl = useIntl();
  if (txid === null || txid === undefined || txid === '') {
    return (
      <NotGiven>
        <FormattedMessage id="transactions.noneYet" />
      </NotGiven>
    );
  }
  const problem = txidProblemId(txid, sentAsNumber);
  return (
    <>
      <CopyableText value={txid} what={intl.formatMessage({ id: 'transactions.entry.txidWhat' })} testId="txid" />
      {problem && (
        <Flag>
          <FormattedMessage id={problem} />
        </Flag>
      )}
    </>
  );
}

type OnChainProps = {
  entry: Extract<KnownTransactionEntry, { transaction_type: 'blockchain' | 'internal' }> | UnrecognisedTransactionEntry;
  /** Main saw its txid arrive as a JSON number. */
  txidSentAsNumber: boolean;
};

function OnChainFacts({ entry, txidSentAsNumber }: OnChainProps) {
  const intl = useIntl();
  return (
    <>
      <Fact term={intl.formatMessage({ id: 'transactions.entry.address' })}>
        {entry.address ? (
          <CopyableText value={entry.address} what={intl.formatMessage({ id: 'transactions.entry.addressWhat' })} />
        ) : (
          <NotGiven />
        )}
      </Fact>
      <Fact term={intl.formatMessage({ id: 'transactions.entry.tag' })}>
        {entry.tag ? (
          <code className="mono">{entry.tag}</code>
        ) : (
          <NotGiven>
            <FormattedMessage id="transactions.none" />
          </NotGiven>
        )}
      </Fact>
      <Fact term={intl.formatMessage({ id: 'transactions.entry.txid' })} testId="entry-txid">
        <Txid txid={entry.txid} sentAsNumber={txidSentAsNumber} />
      </Fact>
      <Fact term={intl.formatMessage({ id: 'transactions.entry.confirmations' })} testId="entry-confirmations">
        {entry.confirmations ?? <NotGiven />}
      </Fact>
    </>
  );
}

type EntryProps = { entry: TransactionEntry; index: number; txidSentAsNumber: boolean; holdsAskedHash: boolean };

/** The facts of an entry's kind: an exchange's target, an on-chain transfer's hash and risk score. */
function KindFacts({ entry, txidSentAsNumber }: { entry: TransactionEntry; txidSentAsNumber: boolean }) {
  const intl = useIntl();
  // One of a kind the spec does not describe shows the on-chain fields it carries: its hash may be what a dispute is about.
  if (!isKnownEntry(entry)) return <OnChainFacts entry={entry} txidSentAsNumber={txidSentAsNumber} />;
  if (entry.transaction_type === 'exchange') {
    return (
      <Fact term={intl.formatMessage({ id: 'transactions.entry.exchangedTo' })} testId="entry-amount-to">
        <Amount value={entry.amount_to} currency={entry.currency_to} />
      </Fact>
    );
  }
  return (
    <>
      <OnChainFacts entry={entry} txidSentAsNumber={txidSentAsNumber} />
      {entry.transaction_type === 'blockchain' && (
        <Fact term={intl.formatMessage({ id: 'transactions.entry.riskScore' })} testId="entry-riskscore">
          {entry.riskscore ?? <NotGiven />}
        </Fact>
      )}
    </>
  );
}

function Entry({ entry, index, txidSentAsNumber, holdsAskedHash }: EntryProps) {
  const titleId = `entry-${index}-title`;
  const known = isKnownEntry(entry);
  const intl = useIntl();
  return (
    <section
      className={holdsAskedHash ? 'entry entry-asked' : 'entry'}
      aria-labelledby={titleId}
      data-testid={known ? `entry-${entry.transaction_type}` : 'entry-unrecognised'}
      data-asked-hash={holdsAskedHash || undefined}
    >
      <h3 id={titleId}>
        {intl.formatMessage({ id: known ? ENTRY_LABEL_IDS[entry.transaction_type] : 'transactions.entry.unrecognised' })}
        {SPACE}
        <span className="muted">
          <FormattedMessage id="transactions.entry.id" values={{ id: entry.id }} />
        </span>
        {holdsAskedHash && (
          <span className="asked-hash-mark">
            <FormattedMessage id="transactions.entry.askedHash" />
          </span>
        )}
      </h3>
      <Facts>
        <Fact term={intl.formatMessage({ id: 'transactions.entry.kind' })}>
          {known ? (
            <code className="mono">{entry.transaction_type}</code>
          ) : (
            <UnrecognisedValue what={intl.formatMessage({ id: 'transactions.entry.kindWhat' })} value={entry.transaction_type} />
          )}
        </Fact>
        <Fact term={intl.formatMessage({ id: 'transactions.entry.type' })}>
          <TypeValue type={entry.type} />
        </Fact>
        <Fact term={intl.formatMessage({ id: 'transactions.entry.amount' })}>
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
        <FormattedMessage id="transactions.entries.title" values={{ count: entries.length, setAside: unreadable.length }} />
      </h2>
      <SetAsideList unreadable={unreadable} noun={ENTRY_NOUN}>
        <FormattedMessage id="transactions.entries.setAside" />
      </SetAsideList>
      {entries.length === 0 && unreadable.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="transactions.entries.none" />
        </p>
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
