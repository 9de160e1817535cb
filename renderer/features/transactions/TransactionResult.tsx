import { FormattedMessage, useIntl } from 'react-intl';
import { transaction } from '../../../shared/api/transaction.ts';
import type { MessageId } from '../../../shared/i18n/index.ts';
import type { Transaction } from '../../../shared/api/transaction.ts';
import { Amount } from '../../components/Amount.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { CopyableText } from '../../components/CopyableText.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { SPACE } from '../../components/locale.ts';
import { UnrecognisedValue } from '../../components/UnrecognisedValue.tsx';
import { Fact, Facts, Flag, NotGiven } from './Facts.tsx';
import { FeesTable } from './FeesTable.tsx';
import { entryWithTxid } from './lookup-by-words.ts';
import { PaymentOwner } from './PaymentOwner.tsx';
import { RawJson } from './RawJson.tsx';
import { TransactionEntries } from './TransactionEntries.tsx';
import { statusIdsOf, UNRECOGNISED_STATUS_MEANING_ID } from '../../../shared/api/transaction-words.ts';
import { TypeValue } from './TypeValue.tsx';
import type { LookupAnswer } from './use-transaction-lookup.ts';

/** The fields of spec 2.1, the schema's own keys; anything else the service sent is listed as received under "Other fields". */
const KNOWN_FIELDS: ReadonlySet<string> = new Set(transaction.keyof().options);

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

/** The window's words for one message without arguments, for props that take text (a term, a label). */
function useWords(): (id: MessageId) => string {
  const intl = useIntl();
  return (id) => intl.formatMessage({ id });
}

function Address({ address }: { address: NonNullable<Transaction['crypto_address']> }) {
  const t = useWords();
  return (
    <section className="panel panel-wide" aria-labelledby="address-title">
      <h2 id="address-title">
        <FormattedMessage id="transactions.address.title" />
      </h2>
      <Facts>
        <Fact term={t('transactions.address.address')} testId="address">
          <CopyableText value={address.address} what={t('transactions.address.addressWhat')} />
        </Fact>
        <Fact term={t('transactions.address.tag')} testId="address-tag">
          {address.tag ? (
            <CopyableText value={address.tag} what={t('transactions.address.tagWhat')} />
          ) : (
            <NotGiven>
              <FormattedMessage id="transactions.none" />
            </NotGiven>
          )}
        </Fact>
        <Fact term={t('transactions.address.currency')}>{address.currency ?? <NotGiven />}</Fact>
        <Fact term={t('transactions.address.recordId')}>{address.id ?? <NotGiven />}</Fact>
        {address.foreign_id && <Fact term={t('transactions.address.foreignId')}>{address.foreign_id}</Fact>}
      </Facts>
    </section>
  );
}

/** How a lookup by hash found it: the hash asked for, and the entry that holds it, if one does. */
function FoundByHash({ txid, entry }: { txid: string; entry: Transaction['transactions'][number] | undefined }) {
  const t = useWords();
  return (
    <Fact term={t('transactions.result.foundByHash')} testId="found-by-hash">
      <CopyableText value={txid} what={t('transactions.result.hashLookedUpWhat')} />
      {SPACE}
      {entry ? (
        <span className="muted">
          <FormattedMessage id="transactions.result.heldByEntry" values={{ id: entry.id }} />
        </span>
      ) : (
        <Flag>
          <FormattedMessage id="transactions.result.noEntryHoldsHash" />
        </Flag>
      )}
    </Fact>
  );
}

/** `askedTxid`: the hash this answer was looked up by, if it was. */
export function TransactionResult({ answer, askedTxid }: { answer: LookupAnswer; askedTxid?: string | undefined }) {
  const t = useWords();
  const { transaction: tx, unreadable, numericTxids, raw, lookedUpAt } = answer;
  const askedHashAt = askedTxid === undefined ? -1 : entryWithTxid(tx.transactions, askedTxid);
  const status = statusIdsOf(tx.status);
  const error = tx.error?.trim() ? tx.error : null;
  const details = Object.entries(tx.additional_details ?? {});
  const others = Object.entries(tx).filter(([key]) => !KNOWN_FIELDS.has(key));

  return (
    <div className="lookup-result" data-testid="lookup-result">
      <section className="panel panel-wide" aria-labelledby="tx-title">
        <div className="tx-head">
          <h2 id="tx-title">
            <FormattedMessage id="transactions.result.title" values={{ id: tx.id }} />
          </h2>
          <CopyButton value={String(tx.id)} what={t('transactions.result.idWhat')} />
          {/* An unrecognised status is shown as received: the badge gives it no tone of its own. */}
          <span className={`status-badge status-${status?.tone ?? 'unknown'}`} data-testid="tx-status">
            {status ? t(status.label) : tx.status}
          </span>
        </div>
        <p className="status-meaning" data-testid="tx-status-meaning">
          {status ? (
            <>
              {t(status.meaning)} <code className="mono muted">{tx.status}</code>
            </>
          ) : (
            <>
              <UnrecognisedValue what={t('transactions.result.statusWhat')} value={tx.status} /> {t(UNRECOGNISED_STATUS_MEANING_ID)}
            </>
          )}
        </p>
        <Facts>
          <Fact term={t('transactions.result.type')} testId="tx-type">
            <TypeValue type={tx.type} />
          </Fact>
          <Fact term={t('transactions.result.foreignId')}>{tx.foreign_id ? <code className="mono break">{tx.foreign_id}</code> : <NotGiven />}</Fact>
          <Fact term={t('transactions.result.endUserReference')}>{tx.end_user_reference ?? <NotGiven />}</Fact>
          {askedTxid !== undefined && <FoundByHash txid={askedTxid} entry={tx.transactions[askedHashAt]} />}
          <PaymentOwner tx={tx} />
          <Fact term={t('transactions.result.lookedUpAt')} testId="looked-up-at">
            <DateTime value={lookedUpAt} />
          </Fact>
        </Facts>
      </section>

      {error && (
        <section className="panel panel-wide tx-error" aria-labelledby="tx-error-title" data-testid="tx-error">
          <h2 id="tx-error-title">
            <FormattedMessage id="transactions.result.errorTitle" />
          </h2>
          <p>{error}</p>
        </section>
      )}

      <section className="panel" aria-labelledby="amounts-title">
        <h2 id="amounts-title">
          <FormattedMessage id="transactions.amounts.title" />
        </h2>
        <Facts>
          <Fact term={t('transactions.amounts.sent')} testId="amount-sent">
            {tx.currency_sent ? <Amount value={tx.currency_sent.amount} currency={tx.currency_sent.currency} /> : <NotGiven />}
          </Fact>
          <Fact term={t('transactions.amounts.received')} testId="amount-received">
            {tx.currency_received ? <Amount value={tx.currency_received.amount} currency={tx.currency_received.currency} /> : <NotGiven />}
          </Fact>
          <Fact term={t('transactions.amounts.minusFee')} testId="amount-minus-fee">
            {tx.currency_received?.amount_minus_fee !== undefined ? (
              <Amount value={tx.currency_received.amount_minus_fee} currency={tx.currency_received.currency} />
            ) : (
              <NotGiven />
            )}
          </Fact>
        </Facts>
        {!tx.currency_sent && !tx.currency_received && (
          <p className="muted">
            <FormattedMessage id="transactions.amounts.none" />
          </p>
        )}
      </section>

      <FeesTable fees={tx.fees} unreadable={unreadable.fees} />
      {tx.crypto_address && <Address address={tx.crypto_address} />}
      <TransactionEntries entries={tx.transactions} unreadable={unreadable.transactions} numericTxids={numericTxids} askedHashAt={askedHashAt} />

      {details.length > 0 && (
        <section className="panel" aria-labelledby="details-title">
          <h2 id="details-title">
            <FormattedMessage id="transactions.details.title" />
          </h2>
          <Facts>
            {details.map(([key, value]) => (
              <Fact key={key} term={key}>
                {shown(value)}
              </Fact>
            ))}
          </Facts>
        </section>
      )}

      {others.length > 0 && (
        <section className="panel" aria-labelledby="others-title">
          <h2 id="others-title">
            <FormattedMessage id="transactions.others.title" />
          </h2>
          <p className="muted">
            <FormattedMessage id="transactions.others.lead" />
          </p>
          <Facts>
            {others.map(([key, value]) => (
              <Fact key={key} term={key}>
                <code className="mono break">{shown(value)}</code>
              </Fact>
            ))}
          </Facts>
        </section>
      )}

      <RawJson raw={raw} />
    </div>
  );
}
