import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordRule } from '../../../shared/i18n/index.ts';
import type { WithdrawalDraftRequest } from '../../../shared/ipc/capabilities/withdrawals.ts';
import { formatAmount, parseAmount } from '../../../shared/locale/index.ts';
import { currencyPlaces } from '../../../shared/money/precision.ts';
import { CURRENCY_RULES, checkDestination } from '../../../shared/withdrawals/index.ts';
import type { DestinationCheck } from '../../../shared/withdrawals/index.ts';
import { appErrorOf } from '../../bridge.ts';
import { AmountField } from '../../components/AmountField.tsx';
import { announce } from '../../components/announce.ts';
import { useFormatLocale } from '../../components/locale.ts';
import { SenderSection } from '../../components/sender/SenderSection.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AmountBalance } from './AmountBalance.tsx';
import { ReceiverSection } from './ReceiverSection.tsx';
import { useDraftWithdrawal } from './use-withdrawals.ts';
import type { WithdrawalFormValues } from './withdrawal-form-schema.ts';
import { blankWithdrawalForm, takesTag, withdrawalFormSchema } from './withdrawal-form-schema.ts';

/** How long after a paste the address is checked: the check can take some 50 ms, so not on every key. */
export const ADDRESS_CHECK_DELAY_MS = 300;

type Props = { initial?: WithdrawalFormValues };

/**
 * The withdrawal draft form (docs/withdrawals.md). The address is checked by its currency's format
 * and checksum when the field is left or a paste settles, and again before anything is drafted; a
 * fault names the character's position. Main builds the request and its foreign id from these fields.
 */
export function WithdrawalForm({ initial }: Props) {
  const id = useId();
  const intl = useIntl();
  const locale = useFormatLocale();
  const schema = useMemo(() => withdrawalFormSchema(locale), [locale]);
  const form = useForm<WithdrawalFormValues, unknown, WithdrawalDraftRequest>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? blankWithdrawalForm(),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as WithdrawalFormValues;
  const draft = useDraftWithdrawal();
  const [made, setMade] = useState<string | null>(null);
  const [destination, setDestination] = useState<DestinationCheck | null>(null);
  const pasteTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (pasteTimer.current && clearTimeout(pasteTimer.current)), []);

  const code = values.currency.trim().toUpperCase();
  const places = currencyPlaces(code);
  const tagged = takesTag(code);
  // The balance beside the amount compares the amount as read, not as typed ("1.234,56" in German is 1234.56).
  const reading = parseAmount(values.amount, locale);
  const amountRead = reading.ok ? reading.decimal : values.amount;

  /** Checks the address as it now stands: its error shows on the field, a notice below it. */
  const checkAddress = () => {
    const current = form.getValues();
    if (current.address.trim() === '') return setDestination(null);
    setDestination(checkDestination(current.currency, current.address.trim(), current.tag.trim()));
    void form.trigger('address');
  };

  const addressField = form.register('address', { onBlur: checkAddress, onChange: () => setDestination(null) });

  const onSubmit = form.handleSubmit(async (request) => {
    setMade(null);
    try {
      const { draft: drafted } = await draft.mutateAsync(request);
      const words = intl.formatMessage({ id: 'withdrawals.form.drafted' }, { id: drafted.id });
      setMade(words);
      announce(words);
      form.reset(blankWithdrawalForm(request.currency));
      setDestination(null);
    } catch (error) {
      form.setError('root.server', { message: appErrorOf(error).message });
    }
  });

  // The checker's notice is a rule's message, worded in the window's language.
  const notice = destination?.ok && destination.notice !== null ? wordRule(intl, destination.notice) : null;
  const verified = destination?.ok === true && destination.checksum === 'verified';

  return (
    <form className="withdrawal-form" aria-label={intl.formatMessage({ id: 'withdrawals.form.name' })} noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="form-columns">
        <fieldset className="panel form-section">
          <legend>
            <FormattedMessage id="withdrawals.form.destination" />
          </legend>
          <TextField
            label={intl.formatMessage({ id: 'withdrawals.form.currency' })}
            hint={intl.formatMessage({ id: 'withdrawals.form.currencyHint' })}
            list={`${id}-currencies`}
            autoComplete="off"
            error={errors.currency?.message}
            {...form.register('currency', { setValueAs: (text: string) => text.toUpperCase() })}
          />
          <datalist id={`${id}-currencies`}>
            {Object.keys(CURRENCY_RULES).map((currency) => (
              <option key={currency} value={currency} />
            ))}
          </datalist>
          <AmountField
            label={intl.formatMessage({ id: 'withdrawals.form.amount' })}
            locale={locale}
            text={values.amount}
            note={intl.formatMessage({ id: 'withdrawals.form.amountHint' }, { places, example: formatAmount('1234.56', locale) })}
            error={errors.amount?.message}
            registration={form.register('amount')}
          />
          <AmountBalance currency={values.currency} amount={amountRead} />
          <TextField
            label={intl.formatMessage({ id: 'withdrawals.form.address' })}
            hint={intl.formatMessage({ id: 'withdrawals.form.addressHint' })}
            className="mono"
            spellCheck={false}
            autoComplete="off"
            error={errors.address?.message}
            {...addressField}
            onPaste={() => {
              if (pasteTimer.current) clearTimeout(pasteTimer.current);
              pasteTimer.current = setTimeout(checkAddress, ADDRESS_CHECK_DELAY_MS);
            }}
          />
          <p className="withdrawal-address-check" role="status" data-testid="address-check">
            {notice ? <span className="field-warning">{notice}</span> : verified ? <span className="muted">
                <FormattedMessage id="withdrawals.form.checked" />
              </span> : null}
          </p>
          {tagged && (
            <div className="withdrawal-tag">
              <TextField label={intl.formatMessage({ id: 'withdrawals.form.tag' })}
                hint={intl.formatMessage({ id: 'withdrawals.form.tagHint' })} inputMode="numeric" autoComplete="off" error={errors.tag?.message} {...form.register('tag')} />
              <p className="address-tag-warning" role="note">
                <FormattedMessage id="withdrawals.form.tagWarning" values={{ code }} />
              </p>
            </div>
          )}
          <TextField
            label={intl.formatMessage({ id: 'withdrawals.form.convertTo' })}
            hint={intl.formatMessage({ id: 'withdrawals.form.convertToHint' })}
            autoComplete="off"
            error={errors.convert_to?.message}
            {...form.register('convert_to', { setValueAs: (text: string) => text.toUpperCase() })}
          />
          <TextField label={intl.formatMessage({ id: 'withdrawals.form.amountTo' })}
            hint={intl.formatMessage({ id: 'withdrawals.form.amountToHint' })} inputMode="decimal" autoComplete="off" error={errors.amount_to?.message} {...form.register('amount_to')} />
        </fieldset>
        <fieldset className="panel form-section">
          <legend>
            <FormattedMessage id="withdrawals.form.references" />
          </legend>
          <TextField label={intl.formatMessage({ id: 'withdrawals.form.endUserReference' })}
            hint={intl.formatMessage({ id: 'withdrawals.form.endUserReferenceHint' })} autoComplete="off" error={errors.end_user_reference?.message} {...form.register('end_user_reference')} />
          <p className="field-hint">
            <FormattedMessage id="withdrawals.form.foreignIdNote" />
          </p>
        </fieldset>
      </div>

      <SenderSection form={form} senderType={values.sender_type} about={intl.formatMessage({ id: 'withdrawals.form.senderAbout' })} leaveOut={null} />
      <ReceiverSection form={form} kind={values.receiver_type} />

      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting || draft.isPending}>
          <FormattedMessage id={isSubmitting || draft.isPending ? 'withdrawals.form.submitting' : 'withdrawals.form.submit'} />
        </button>
        {errors.root?.server?.message && (
          <p className="form-error" role="alert">
            {errors.root.server.message}
          </p>
        )}
        <p role="status" className="withdrawal-made">
          {made}
        </p>
      </div>
    </form>
  );
}
