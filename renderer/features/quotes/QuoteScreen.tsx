import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ScreenHeading } from '../../components/ScreenHeading.tsx';
import { Empty, ErrorMessage, Loading } from '../../components/States.tsx';
import { ExchangeDialog } from './exchange/ExchangeDialog.tsx';
import { LastExchange } from './exchange/LastExchange.tsx';
import type { SpentQuote } from './exchange/spent-quote.ts';
import { CurrencyNotice } from '../../components/currency/CurrencyNotice.tsx';
import { useActiveProfile } from '../../components/use-profiles.ts';
import { BudgetLine } from './BudgetLine.tsx';
import { lastOutcomeOf, startingValues, useQuoteDraft } from './draft.ts';
import { QuoteCard } from './QuoteCard.tsx';
import { QuoteForm } from './QuoteForm.tsx';
import type { QuoteFormValues } from './quote-form-schema.ts';
import { formFieldOf } from './quote-form-schema.ts';
import { RateLimitNotice } from './RateLimitNotice.tsx';
import type { QuoteCurrencies } from './use-quote-currencies.ts';
import { useQuoteCurrencies } from './use-quote-currencies.ts';
import { useLiveQuote } from './use-live-quote.ts';
import './quote.css';

/**
 * Live quote and fixed-rate exchange (spec 4.2, 4.5). A quote holds for 60 seconds; the screen
 * asks again by itself when it is released, within the app's rate budget, and the exchange is
 * placed from it through a review. Everything below the heading belongs to the active profile,
 * so switching profiles starts it afresh: a quote from one account cannot be placed on another.
 */
export function QuoteScreen() {
  const currencies = useQuoteCurrencies();
  const profile = useActiveProfile();
  const intl = useIntl();
  return (
    <section className="screen quote-screen" aria-labelledby="screen-title">
      <ScreenHeading>
        <FormattedMessage id="quotes.title" />
      </ScreenHeading>
      <p className="lead">
        <FormattedMessage id="quotes.lead" />
      </p>
      {currencies.pending ? <Loading what={intl.formatMessage({ id: 'quotes.loading.currencies' })} /> : <CurrencyArea currencies={currencies} profileId={profile?.id ?? 'none'} />}
    </section>
  );
}

/** The list's state, then the form: on a list to choose from, or with codes to type when the list cannot be relied on. */
function CurrencyArea({ currencies, profileId }: { currencies: ReturnType<typeof useQuoteCurrencies>; profileId: string }) {
  const { source, codes } = currencies;
  return (
    <>
      <CurrencyNotice notice={source.notice} retry={currencies.retry} retrying={currencies.retrying} />
      {!source.typing && codes.from.length === 0 ? (
        <Empty>
          <FormattedMessage id="quotes.noPairs" />
        </Empty>
      ) : (
        <LiveQuoteArea key={profileId} profileId={profileId} currencies={codes} typing={source.typing} />
      )}
    </>
  );
}

type AreaProps = { profileId: string; currencies: QuoteCurrencies; typing: boolean };

function LiveQuoteArea({ profileId, currencies, typing }: AreaProps) {
  const [reviewing, setReviewing] = useState(false);
  // The last quote a placement used up; a new quote has another id, so the card offers it again.
  const [spent, setSpent] = useState<SpentQuote | null>(null);
  // Kept outside the screen (draft.ts): checking an exchange elsewhere and coming back loses neither.
  const [initial] = useState(() => startingValues(useQuoteDraft.getState().draft, profileId, currencies, typing));
  const lastOutcome = useQuoteDraft((state) => lastOutcomeOf(state.draft, profileId));
  const keepValues = useQuoteDraft((state) => state.keepValues);
  const keepOutcome = useQuoteDraft((state) => state.keepOutcome);
  const onLeave = useCallback((values: QuoteFormValues) => keepValues(profileId, values), [keepValues, profileId]);
  const live = useLiveQuote({ paused: reviewing });
  const { current, error } = live;
  const intl = useIntl();
  // Field errors the form placed next to its fields are not repeated here.
  const placedOnForm = error !== null && 'fields' in error && Object.keys(error.fields).some((name) => formFieldOf(name) !== null);
  const unresolved = lastOutcome?.kind === 'unknown' ? lastOutcome.foreignId : null;

  return (
    <div className="quote-layout">
      <div className="quote-column">
        <QuoteForm
          currencies={currencies}
          typing={typing}
          initial={initial}
          busy={live.inFlight}
          quote={current?.quote ?? null}
          onAsk={live.ask}
          onLeave={onLeave}
        />
        {live.budget && <BudgetLine budget={live.budget} retryAt={live.retryAt} />}
      </div>
      <div className="quote-column">
        {live.retryAt !== null && <RateLimitNotice retryAt={live.retryAt} visible={live.visible} />}
        {error && !placedOnForm && (
          <div className="panel error-panel" data-testid="quote-error">
            <h2>
              <FormattedMessage id="quotes.error.title" />
            </h2>
            <ErrorMessage error={error} retry={live.request ? live.requote : undefined} />
          </div>
        )}
        {live.inFlight && !current && <Loading what={intl.formatMessage({ id: 'quotes.loading.quote' })} />}
        {current && (
          <QuoteCard
            live={current}
            requoting={live.inFlight}
            visible={live.visible}
            waiting={live.retryAt !== null}
            // Said once the review is closed, so the card's way on (a new quote) can take the focus.
            spent={!reviewing && spent?.quoteId === current.quoteId ? spent.why : null}
            onExchange={() => setReviewing(true)}
            onRequote={live.requote}
          />
        )}
        {!current && !live.inFlight && !error && live.retryAt === null && (
          <Empty>
            <FormattedMessage id="quotes.empty" />
          </Empty>
        )}
        {lastOutcome && !reviewing && <LastExchange outcome={lastOutcome} />}
      </div>
      {reviewing && current && (
        <ExchangeDialog
          quote={current.quote}
          quoteId={current.quoteId}
          releaseAt={current.releaseAt}
          requoting={live.inFlight}
          retryAt={live.retryAt}
          unresolved={unresolved}
          onRequote={live.requote}
          onOutcome={(outcome) => keepOutcome(profileId, outcome)}
          onSpent={setSpent}
          onClose={() => setReviewing(false)}
        />
      )}
    </div>
  );
}
