export { LOCALE_FILE, NO_SYSTEM_LOCALE, openAppLocale } from './app-locale.ts';
export type { AppLocale, AppLocaleOptions } from './app-locale.ts';
