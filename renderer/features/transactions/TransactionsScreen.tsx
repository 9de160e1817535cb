import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TransactionLookupRequest } from '../../../shared/api/transaction.ts';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { Loading } from '../../components/States.tsx';
import { appErrorOf, fieldErrorsOf } from '../../bridge.ts';
import { isLookupField } from './lookup-form-schema.ts';
import { LookupError } from './LookupError.tsx';
import { LookupForm } from './LookupForm.tsx';
import { usePendingLookup } from './pending-lookup.ts';
import { TransactionResult } from './TransactionResult.tsx';
import { useTransactionLookup } from './use-transaction-lookup.ts';
import './transactions.css';

/**
 * Look up one transaction by id or foreign id (spec 4.1), or by the hash from the customer's wallet
 * (docs/service-interface.md, "transactions/info by txid"), as staff do when a customer disputes a payment.
 */
export function TransactionsScreen() {
  const [query, setQuery] = useState<TransactionLookupRequest | null>(null);
  // A query handed over by another screen restarts the form with its values (the key remounts it).
  const [handed, setHanded] = useState<{ query: TransactionLookupRequest; n: number } | null>(null);
  const lookup = useTransactionLookup(query);
  const intl = useIntl();

  const run = (next: TransactionLookupRequest) => {
    if (query !== null && JSON.stringify(next) === JSON.stringify(query)) void lookup.refetch();
    else setQuery(next);
  };

  usePendingLookup((next) => {
    setHanded((previous) => ({ query: next, n: (previous?.n ?? 0) + 1 }));
    setQuery(next);
  });

  const error = lookup.error ? appErrorOf(lookup.error) : null;
  const fieldError = error ? (Object.entries(fieldErrorsOf(error)).find(([name]) => isLookupField(name))?.[1] ?? null) : null;
  const answer = lookup.data;

  return (
    <section className="screen transactions-screen" aria-labelledby="screen-title">
      <ScreenHeading>
        <FormattedMessage id="transactions.title" />
      </ScreenHeading>
      <p className="lead">
        <FormattedMessage id="transactions.lead" />
      </p>
      <LookupForm
        key={handed?.n ?? 0}
        initial={handed?.query ?? null}
        busy={lookup.isFetching}
        serverError={fieldError}
        onLookup={run}
      />
      {query !== null && lookup.isFetching && <Loading what={intl.formatMessage({ id: 'transactions.loading' })} />}
      {query !== null && error && !lookup.isFetching && !fieldError && (
        <LookupError query={query} error={error} retry={() => void lookup.refetch()} />
      )}
      {answer && !error && !lookup.isFetching && <TransactionResult answer={answer} askedTxid={query?.txid} />}
    </section>
  );
}
