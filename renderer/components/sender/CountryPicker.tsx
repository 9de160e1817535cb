import type { Ref } from 'react';
import { useState } from 'react';
import { useFieldIds } from '../FieldFrame.tsx';
import { countryCodeOf, countryLabel, searchCountries } from './country-search.ts';

type Props = {
  label: string;
  /** The chosen alpha-3 code, or '' when none is chosen. */
  value: string;
  onChange(code: string): void;
  onBlur(): void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  hint?: string;
};

/**
 * A searchable list of the 249 countries (WAI-ARIA combobox with a listbox): type a code ("DEU")
 * or part of a name ("germ"), pick with the arrow keys and Enter, or click. The form only ever
 * holds a code from the list; text that names no country leaves it empty, so the form says so.
 */
export function CountryPicker({ label, value, onChange, onBlur, inputRef, error: latestError, hint }: Props) {
  const ids = useFieldIds(hint, latestError);
  const { id, hintId, errorId, error } = ids;
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? countryLabel(value) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = open ? searchCountries(value && text === countryLabel(value) ? '' : text) : [];
  const activeCountry = matches[Math.min(active, matches.length - 1)];

  const choose = (code: string) => {
    onChange(code);
    setText(countryLabel(code));
    setOpen(false);
  };

  return (
    <div className="field country-picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeCountry ? `${id}-${activeCountry.code}` : undefined}
        aria-invalid={ids.control['aria-invalid']}
        aria-describedby={ids.control['aria-describedby']}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (value !== '') onChange('');
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          if (value === '' && text.trim() !== '') {
            const code = countryCodeOf(text);
            if (code) choose(code);
          }
          onBlur();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((current) => (matches.length === 0 ? 0 : (current + step + matches.length) % matches.length));
          } else if (event.key === 'Enter' && open && activeCountry) {
            // Enter picks the highlighted country; it submits the form only when the list is closed.
            event.preventDefault();
            choose(activeCountry.code);
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={`${label}: matches`} className="country-list" hidden={!open || matches.length === 0}>
        {matches.map((country) => (
          <li
            key={country.code}
            id={`${id}-${country.code}`}
            role="option"
            aria-selected={country.code === activeCountry?.code}
            // Keeps the focus in the input, so its blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(country.code)}
          >
            <span className="mono">{country.code}</span> {country.name}
          </li>
        ))}
      </ul>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <p className="field-error" id={errorId}>
        {error}
      </p>
    </div>
  );
}
