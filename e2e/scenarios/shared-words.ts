import { escapeRegExp } from '../harness/words.ts';
import type { Words } from '../harness/words.ts';

/*
 * The shared components' texts (renderer/components) as a spec expects them in the run's language:
 * a countdown's words around a time, and a country as the picker names it.
 */

/** A countdown's text, anchored: `time` is a RegExp source for the time ("1[45]:\\d\\d"); `urgent` for its last seconds. */
export function countdownText(words: Words, time: string, urgent = false): RegExp {
  const [before = '', after = ''] = words(urgent ? 'components.countdown.urgent' : 'components.countdown.left', { time: '\u0001' }).split('\u0001');
  return new RegExp(`^${escapeRegExp(before)}${time}${escapeRegExp(after)}$`);
}

/** A country's name as the picker shows it in the run's language (renderer/components/sender/country-names.ts): the list's English, or the runtime's. */
export function countryNamed(words: Words, english: string, alpha2: string): string {
  return words.language === 'en' ? english : (new Intl.DisplayNames([words.language], { type: 'region' }).of(alpha2) ?? english);
}
