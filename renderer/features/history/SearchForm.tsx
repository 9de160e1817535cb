import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
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
    <form className="panel history-search" aria-label="Search history" noValidate onSubmit={submit}>
      <div className="history-search-row history-search-filters">
        <FilterSelect label="Show" {...form.register('kind', kindChange)}>
          {SHOW_KINDS.map((shown) => (
            <option key={shown} value={shown}>
              {SHOW_WORDS[shown]}
            </option>
          ))}
        </FilterSelect>
        <TextField
          label="Search"
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder="Foreign id, service id, title, reference, hash or address"
          error={errors.text?.message}
          {...form.register('text')}
        />
        <FilterSelect label="Operation" {...form.register('operation', searchOnChange)}>
          <option value="">Any operation</option>
          {operationsOf(kind).map((operation) => (
            <option key={operation} value={operation}>
              {OPERATION_WORDS[operation]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="State" {...form.register('state', searchOnChange)}>
          <option value="">Any state</option>
          {JOURNAL_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_WORDS[state].label}
            </option>
          ))}
        </FilterSelect>
      </div>
      <div className="history-search-row history-search-dates">
        <FilterSelect label="Person" {...form.register('madeBy', searchOnChange)}>
          <option value="">Everyone</option>
          {personChoices(people, initial.madeBy).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Service status" {...form.register('serviceStatus', searchOnChange)}>
          <option value="">Any status</option>
          {SERVICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </FilterSelect>
        <TextField
          label="From (UTC)"
          autoComplete="off"
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          className="mono"
          error={errors.from?.message}
          {...form.register('from')}
        />
        <TextField
          label="To (UTC)"
          autoComplete="off"
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          className="mono"
          error={errors.to?.message}
          {...form.register('to')}
        />
        <div className="history-search-actions">
          <button type="submit" className="button button-primary">
            Search
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
            Clear
          </button>
        </div>
      </div>
    </form>
  );
}
