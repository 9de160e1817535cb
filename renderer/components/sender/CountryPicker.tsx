import type { CSSProperties, RefCallback } from 'react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { SPACE, useLocale } from '../locale.ts';
import { useFieldIds } from '../FieldFrame.tsx';
import { countryCodeOf, countryLabel, searchCountries } from './country-search.ts';

type Props = {
  label: string;
  /** The chosen alpha-3 code, or '' when none is chosen. */
  value: string;
  onChange(code: string): void;
  onBlur(): void;
  inputRef?: RefCallback<HTMLInputElement>;
  error?: string | undefined;
  hint?: string;
};

/** The list's tallest, and the room it keeps from the window's edge. */
const LIST_MAX_HEIGHT = 260;
const EDGE_MARGIN = 8;

/** Where the list opens: below the input when it fits there, else on the side with more room, never past the window's edge. */
export type ListPlacement = { side: 'below' | 'above'; maxHeight: number };

export function listPlacement(input: { top: number; bottom: number }, windowHeight: number): ListPlacement {
  const below = windowHeight - input.bottom - EDGE_MARGIN;
  const above = input.top - EDGE_MARGIN;
  const side = below >= LIST_MAX_HEIGHT || below >= above ? 'below' : 'above';
  return { side, maxHeight: Math.max(0, Math.min(LIST_MAX_HEIGHT, side === 'below' ? below : above)) };
}

/**
 * A searchable list of the 249 countries, named in the window's language, as the WAI-ARIA APG's combobox with list autocomplete and
 * automatic selection (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): type a code ("DEU") or
 * part of a name ("germ") and the list shows the matches, the best one selected, so Enter picks it.
 * Down moves into the list at its first match (Up at its last), and on through the matches only;
 * Enter picks the match moved to, or click. The list opens where it fits in the window. The form
 * only ever holds a code from the list; text that names no country leaves it empty, so the form says so.
 */
export function CountryPicker({ label, value, onChange, onBlur, inputRef, error: latestError, hint }: Props) {
  const intl = useIntl();
  // The names in the window's language (country-names.ts); the codes are the same in every one.
  const language = useLocale((state) => state.view.language);
  const ids = useFieldIds(hint, latestError);
  const { id, hintId, errorId, error } = ids;
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? countryLabel(value, language) : '');
  const [open, setOpen] = useState(false);
  // The selected match (the first one as typed, then the one moved to), -1 for none; and whether
  // the arrow keys moved into the list, which is when the screen reader is told of it (aria-activedescendant).
  const [active, setActive] = useState(-1);
  const [inList, setInList] = useState(false);
  const [listStyle, setListStyle] = useState<CSSProperties & { side: ListPlacement['side'] }>({ side: 'below' });
  const inputBox = useRef<HTMLInputElement | null>(null);
  const matches = open ? searchCountries(value && text === countryLabel(value, language) ? '' : text, undefined, language) : [];
  const activeCountry = active >= 0 ? matches[Math.min(active, matches.length - 1)] : undefined;
  const shown = open && matches.length > 0;

  useLayoutEffect(() => {
    const input = inputBox.current;
    if (!shown || !input) return;
    const { side, maxHeight } = listPlacement(input.getBoundingClientRect(), window.innerHeight);
    // Beside the input, whatever the label and hint above and below it take.
    const picker = input.offsetParent instanceof HTMLElement ? input.offsetParent.offsetHeight : 0;
    setListStyle(
      side === 'below'
        ? { side, top: input.offsetTop + input.offsetHeight + 2, maxHeight }
        : { side, bottom: picker - input.offsetTop + 2, maxHeight },
    );
  }, [shown]);

  useLayoutEffect(() => {
    if (activeCountry) document.getElementById(`${id}-${activeCountry.code}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeCountry, id]);

  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      inputBox.current = element;
      inputRef?.(element);
    },
    [inputRef],
  );
  const { side, ...placed } = listStyle;

  const choose = (code: string) => {
    onChange(code);
    setText(countryLabel(code, language));
    setOpen(false);
    setActive(-1);
    setInList(false);
  };

  return (
    <div className="field country-picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={setInput}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && inList && activeCountry ? `${id}-${activeCountry.code}` : undefined}
        aria-invalid={ids.control['aria-invalid']}
        aria-describedby={ids.control['aria-describedby']}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(event.target.value.trim() === '' ? -1 : 0);
          setInList(false);
          if (value !== '') onChange('');
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setInList(false);
          if (value === '' && text.trim() !== '') {
            const code = countryCodeOf(text, language);
            if (code) choose(code);
          }
          onBlur();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const down = event.key === 'ArrowDown';
            // The first press moves into the list, at its first match (Down) or its last (Up); the next move on, round.
            const count = (open ? matches : searchCountries(value && text === countryLabel(value, language) ? '' : text, undefined, language)).length;
            setOpen(true);
            setInList(count > 0);
            setActive(count === 0 ? -1 : !shown || !inList || active < 0 ? (down ? 0 : count - 1) : (active + (down ? 1 : -1) + count) % count);
          } else if (event.key === 'Enter' && shown) {
            // Enter picks the country moved to, or only closes the list; it submits the form only when the list is closed.
            event.preventDefault();
            if (activeCountry) choose(activeCountry.code);
            else setOpen(false);
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            setInList(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({ id: 'components.countryPicker.matches' }, { label })}
        className="country-list"
        data-side={side}
        style={placed}
        hidden={!shown}
      >
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
            <span className="mono">{country.code}</span>
            {SPACE}
            {country.name}
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
