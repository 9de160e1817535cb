import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { TextField } from '../TextField.tsx';
import { CountryPicker } from './CountryPicker.tsx';
import type { SenderFields } from './sender-fields.ts';

type Props<T extends FieldValues, R> = {
  form: UseFormReturn<T, unknown, R>;
  /** Where the party's fields are in the form's values: `sender_data`, or a receiver's. */
  at: string;
  kind: 'natural' | 'legal';
  /** A field's label, from its plain name ("First name", in the window's language): a receiver's says whose it is. */
  label?: (plain: string) => string;
  /** What follows the party's own fields (the sender's e-mail). */
  children?: ReactNode;
};

/**
 * A travel-rule party's own fields (spec 2.6): a natural person's name and date of birth, or a legal
 * entity's name and country of registration from the searchable list; the same for the sender of
 * every form and a withdrawal's receiver.
 */
export function PartyFields<T extends FieldValues, R>({ form: typed, at, kind, label = (plain) => plain, children }: Props<T, R>) {
  // The form holds SenderFields under `at`; react-hook-form's path types cannot see that through a
  // generic, so the fields speak to it as a form of parties.
  const form = typed as unknown as UseFormReturn<Record<string, SenderFields>>;
  const errors = form.formState.errors[at];
  const intl = useIntl();
  const name = (field: keyof SenderFields) => `${at}.${field}` as const;
  if (kind === 'natural') {
    return (
      <div className="sender-grid">
        <TextField label={label(intl.formatMessage({ id: 'components.party.firstName' }))} autoComplete="off" error={errors?.first_name?.message} {...form.register(name('first_name'))} />
        <TextField label={label(intl.formatMessage({ id: 'components.party.lastName' }))} autoComplete="off" error={errors?.last_name?.message} {...form.register(name('last_name'))} />
        <TextField
          label={label(intl.formatMessage({ id: 'components.party.dateOfBirth' }))}
          placeholder={intl.formatMessage({ id: 'components.party.datePlaceholder' })}
          inputMode="numeric"
          autoComplete="off"
          hint={intl.formatMessage({ id: 'components.party.dateHint' })}
          error={errors?.date_of_birth?.message}
          {...form.register(name('date_of_birth'))}
        />
        {children}
      </div>
    );
  }
  return (
    <div className="sender-grid">
      <TextField label={label(intl.formatMessage({ id: 'components.party.legalName' }))} autoComplete="off" error={errors?.legal_name?.message} {...form.register(name('legal_name'))} />
      <Controller
        control={form.control}
        name={name('country_of_registration')}
        render={({ field, fieldState }) => (
          <CountryPicker
            label={label(intl.formatMessage({ id: 'components.party.countryOfRegistration' }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            hint={intl.formatMessage({ id: 'components.party.countryHint' })}
          />
        )}
      />
      {children}
    </div>
  );
}
