/**
 * A locale's own separators for numbers, as Intl.NumberFormat writes them: "1,234.5" in English,
 * "1.234,5" in German, "1 234,5" in French (a narrow no-break space, U+202F).
 */
export type Separators = {
  /** The decimal separator: "." in English, "," in German and French. */
  decimal: string;
  /** The thousands separator as the locale writes it. */
  group: string;
  /** Every character read as the thousands separator: the group itself, and all three spaces when the group is a space. */
  groupReadAs: readonly string[];
};

/** The spaces a person may type (or paste) where a locale groups thousands with a space of some kind. */
export const GROUP_SPACES: readonly string[] = [' ', '\u00a0', '\u202f'];

const cache = new Map<string, Separators>();

export function separatorsOf(locale: string): Separators {
  const known = cache.get(locale);
  if (known) return known;
  const parts = new Intl.NumberFormat(locale, { useGrouping: 'always' }).formatToParts(1234567.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const separators = { decimal, group, groupReadAs: GROUP_SPACES.includes(group) ? GROUP_SPACES : [group] };
  cache.set(locale, separators);
  return separators;
}
