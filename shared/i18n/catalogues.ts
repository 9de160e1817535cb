import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import type { Language, ShippedLanguage } from './languages.ts';
import { PSEUDO_LANGUAGE } from './languages.ts';
import { pseudoCatalogue } from './pseudo.ts';

/**
 * The catalogues: one flat file of ICU messages per language (messages/<language>.json), English the
 * source. Main and the renderer read the same files: what main says (errors, dialogs, reports) is in
 * the window's language. catalogues.test.ts checks that each has exactly en.json's keys, with the
 * same ICU arguments.
 */

/** Every message's key; react-intl's and @formatjs/intl's `id` are typed with it (formatjs-types.ts). */
export type MessageId = keyof typeof en;
export type Catalogue = Record<MessageId, string>;

export const CATALOGUES: Record<ShippedLanguage, Catalogue> = { en, de, fr };

let pseudo: Catalogue | null = null;

export function catalogueOf(language: Language): Catalogue {
  if (language === PSEUDO_LANGUAGE) return (pseudo ??= pseudoCatalogue(en));
  return CATALOGUES[language];
}
