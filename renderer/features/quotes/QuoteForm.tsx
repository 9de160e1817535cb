import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { IntlShape } from 'react-intl';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Quote, QuoteRequest } from '../../../shared/api/quote.ts';
import { parseAmount, formatAmount } from '../../../shared/locale/index.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { announce } from '../../components/announce.ts';
import { SPACE, useFormatLocale } from '../../components/locale.ts';
import type { AppError } from '../../bridge.ts';
import { fieldErrorsOf } from '../../bridge.ts';
import { CurrencyField, typedCodeField } from '../../components/currency/CurrencyField.tsx';
import { FromBalance } from './FromBalance.tsx';
import type { QuoteFormInput, QuoteFormOutput, QuoteFormValues } from './quote-form-schema.ts';
import { amountCurrency, formFieldOf, quoteFormSchemaFor } from './quote-form-schema.ts';
import type { QuoteCurrencies } from './use-quote-currencies.ts';
import { placesIn } from './use-quote-currencies.ts';

type Props = {
  currencies: QuoteCurrencies;
  /** The codes may be typed: the pairs list is stale, incomplete or missing. */
  typing: boolean;
  /** As last typed (draft.ts), or the defaults. */
  initial: QuoteFormValues;
  busy: boolean;
  /** The quote on screen, if any (the From balance's warning reads the amount to send from it). */
  quote: Quote | null;
  /** Asks for a quote; answers the failure, if any, so field errors land next to their fields. */
  onAsk(request: QuoteRequest): Promise<AppError | null>;
  /** Called with the values as typed when the form goes away (another screen), to keep them. */
  onLeave(values: QuoteFormValues): void;
};

/** An amount the form cleared because the currency it was typed in changed: what it was, and in what. */
type Cleared = { amount: string; was: string; now: string };

function clearedWords(intl: IntlShape, { amount, was, now }: Cleared): string {
  const typed = was ? `${amount} ${was}` : amount;
  return now ? intl.formatMessage({ id: 'quotes.form.cleared' }, { amount: typed, now }) : intl.formatMessage({ id: 'quotes.form.clearedOther' }, { amount: typed });
}

/**
 * What to price: from and to, and one amount on the side the person fixes. A quote is asked for
 * only on "Get quote" (or Enter), never while typing, so editing spends none of the budget. The
 * amount takes its currency's places (shared/money/precision.ts). When the currency the amount is
 * in changes (the side, or that side's currency), the amount is cleared and the form says so:
 * "1000" typed as EUR to send is never silently read as 1000 BTC to receive.
 */
export function QuoteForm({ currencies, typing, initial, busy, quote, onAsk, onLeave }: Props) {
  const intl = useIntl();
  const locale = useFormatLocale();
  const placesOf = useMemo(() => placesIn(currencies), [currencies]);
  const schema = useMemo(() => quoteFormSchemaFor(typing, placesOf, locale), [typing, placesOf, locale]);
  const form = useForm<QuoteFormInput, unknown, QuoteFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onTouched', // errors show when a field is left, then update while typing
  });
  const { errors } = form.formState;
  const [side, from, to, amount] = useWatch({ control: form.control, name: ['side', 'sender_currency', 'receiver_currency', 'amount'] });
  useEffect(() => () => onLeave(form.getValues()), [form, onLeave]);

  const code = amountCurrency({ side, sender_currency: from, receiver_currency: to });
  const [cleared, setCleared] = useState<Cleared | null>(null);
  const amountIn = useRef(code);
  useEffect(() => {
    const was = amountIn.current;
    amountIn.current = code;
    if (was === code) return;
    const typed = form.getValues('amount');
    if (typed.trim() === '') return;
    form.setValue('amount', '', { shouldDirty: true });
    form.clearErrors('amount');
    const note = { amount: typed.trim(), was, now: code };
    setCleared(note);
    announce(clearedWords(intl, note));
  }, [code, form, intl]);
  // The note goes once a new amount is typed.
  const clearedNote = amount === '' ? cleared : null;
  const places = placesOf(code);
  // The From balance compares the amount as read, not as typed ("1.234,56" in German is 1234.56).
  const reading = parseAmount(amount, locale);
  const amountRead = reading.ok ? reading.decimal : amount;

  const onSubmit = form.handleSubmit(async (request) => {
    const error = await onAsk(request);
    if (!error) return;
    for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
      const field = formFieldOf(name);
      if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <form className="panel quote-form" aria-labelledby="quote-form-title" noValidate onSubmit={onSubmit}>
      <h2 id="quote-form-title">
        <FormattedMessage id="quotes.form.title" />
      </h2>
      <div className="quote-form-row">
        <CurrencyField
          label={intl.formatMessage({ id: 'quotes.form.from' })}
          error={errors.sender_currency?.message}
          typing={typing}
          codes={currencies.from}
          current={from}
          registration={form.register('sender_currency', { ...(typing ? typedCodeField : {}), deps: ['receiver_currency'] })}
        />
        <CurrencyField
          label={intl.formatMessage({ id: 'quotes.form.to' })}
          error={errors.receiver_currency?.message}
          typing={typing}
          codes={currencies.to}
          current={to}
          registration={form.register('receiver_currency', typing ? typedCodeField : {})}
        />
      </div>
      <fieldset className="quote-side">
        <legend>
          <FormattedMessage id="quotes.form.side" />
        </legend>
        <label>
          <input type="radio" value="sender" {...form.register('side')} />
          {SPACE}
          <FormattedMessage id={from ? 'quotes.form.sendIn' : 'quotes.form.send'} values={{ code: from }} />
        </label>
        <label>
          <input type="radio" value="receiver" {...form.register('side')} />
          {SPACE}
          <FormattedMessage id={to ? 'quotes.form.receiveIn' : 'quotes.form.receive'} values={{ code: to }} />
        </label>
      </fieldset>
      <AmountField
        label={
          side === 'receiver'
            ? intl.formatMessage({ id: to ? 'quotes.form.amountToReceiveIn' : 'quotes.form.amountToReceive' }, { code: to })
            : intl.formatMessage({ id: from ? 'quotes.form.amountToSendIn' : 'quotes.form.amountToSend' }, { code: from })
        }
        locale={locale}
        text={amount}
        note={
          <>
            {clearedNote && (
              <span className="quote-cleared" data-testid="amount-cleared">
                {clearedWords(intl, clearedNote)}
                {SPACE}
              </span>
            )}
            <FormattedMessage id={code ? 'quotes.form.hintFor' : 'quotes.form.hint'} values={{ places, code, example: formatAmount('1234.56', locale) }} />
          </>
        }
        error={errors.amount?.message}
        registration={form.register('amount', { onChange: () => setCleared(null) })}
      />
      <FromBalance form={{ from, side, amount: amountRead }} quote={quote} />
      <div className="form-actions quote-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          <FormattedMessage id={busy ? 'quotes.form.submitting' : 'quotes.form.submit'} />
        </button>
      </div>
    </form>
  );
}
