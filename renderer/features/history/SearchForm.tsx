import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/index.ts';
import { JOURNAL_STATES } from '../../../shared/ipc/journal.ts';
import { TextField } from '../../components/TextField.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { OPERATION_WORDS, SERVICE_STATUSES, STATE_WORDS } from './journal-words.ts';
import { personChoices } from './person-words.ts';
import type { SearchValues } from './search-form-schema.ts';
import { BLANK_SEARCH, operationsOf, searchSchema, SHOW_KINDS, SHOW_WORDS } from './search-form-schema.ts';

type Props = {
  initial: SearchValues;
  /** The display names that made the profile's entries (journal.people), for the person filter. */
  people: readonly string[];
  onSearch(values: SearchValues): void;
};

/**
 * The search row. Show (payments, the default; lookups and reads; everything) comes first: History
 * is the clerk's record of payments, and the lookups kept for disputes are one choice away. Enter
 * searches from any field; a choice in a list searches at once, as a person narrowing a list
 * expects. Date errors show when the field is left, and nothing is searched while one stands.
 */
export function SearchForm({ initial, people, onSearch }: Props) {
  const intl = useIntl();
  const say = (id: MessageId) => intl.formatMessage({ id });
  const form = useForm<SearchValues, unknown, SearchValues>({
    resolver: zodResolver(searchSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(onSearch);
  const searchOnChange = { onChange: () => void submit() };
  const kind = useWatch({ control: form.control, name: 'kind' });
  // The Operation list offers the shown kind's operations; one of another kind is let go.
  const kindChange = {
    onChange: () => {
      if (!operationsOf(form.getValues('kind')).some((operation) => operation === form.getValues('operation'))) form.setValue('operation', '');
      void submit();
    },
  };

  return (
    <form className="panel history-search" aria-label={say('history.search.label')} noValidate onSubmit={submit}>
      <div className="history-search-row history-search-filters">
        <FilterSelect label={say('history.search.show')} {...form.register('kind', kindChange)}>
          {SHOW_KINDS.map((shown) => (
            <option key={shown} value={shown}>
              {say(SHOW_WORDS[shown])}
            </option>
          ))}
        </FilterSelect>
        <TextField
          label={say('history.search.text')}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={say('history.search.textPlaceholder')}
          error={errors.text?.message}
          {...form.register('text')}
        />
        <FilterSelect label={say('history.search.operation')} {...form.register('operation', searchOnChange)}>
          <option value="">{say('history.search.anyOperation')}</option>
          {operationsOf(kind).map((operation) => (
            <option key={operation} value={operation}>
              {say(OPERATION_WORDS[operation])}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={say('history.search.state')} {...form.register('state', searchOnChange)}>
          <option value="">{say('history.search.anyState')}</option>
          {JOURNAL_STATES.map((state) => (
            <option key={state} value={state}>
              {say(STATE_WORDS[state].label)}
            </option>
          ))}
        </FilterSelect>
      </div>
      <div className="history-search-row history-search-dates">
        <FilterSelect label={say('history.search.person')} {...form.register('madeBy', searchOnChange)}>
          <option value="">{say('history.search.everyone')}</option>
          {personChoices(people, initial.madeBy).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={say('history.search.serviceStatus')} {...form.register('serviceStatus', searchOnChange)}>
          <option value="">{say('history.search.anyStatus')}</option>
          {SERVICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </FilterSelect>
        <TextField
          label={say('history.search.from')}
          autoComplete="off"
          inputMode="numeric"
          placeholder={say('history.search.datePlaceholder')}
          className="mono"
          error={errors.from?.message}
          {...form.register('from')}
        />
        <TextField
          label={say('history.search.to')}
          autoComplete="off"
          inputMode="numeric"
          placeholder={say('history.search.datePlaceholder')}
          className="mono"
          error={errors.to?.message}
          {...form.register('to')}
        />
        <div className="history-search-actions">
          <button type="submit" className="button button-primary">
            <FormattedMessage id="history.search.submit" />
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              // Clears the search, not what is shown: a person looking through the lookups stays there.
              const cleared = { ...BLANK_SEARCH, kind: form.getValues('kind') };
              form.reset(cleared);
              onSearch(cleared);
            }}
          >
            <FormattedMessage id="history.search.clear" />
          </button>
        </div>
      </div>
    </form>
  );
}
