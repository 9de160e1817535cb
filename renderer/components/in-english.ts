import { SOURCE_LANGUAGE, say } from '../../shared/i18n/index.ts';
import type { Say } from '../../shared/i18n/index.ts';

/** The catalogue's English, where no window gives the words (a schema or a helper called without a language: tests). */
export const inEnglish: Say = (id, values) => say(SOURCE_LANGUAGE, id, values);
