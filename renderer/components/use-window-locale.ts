/**
 * The language this window shows amounts and dates in (a BCP 47 tag such as "de-DE"): for now the
 * browser's own, from the operating system. The one place the renderer asks for it, so that the
 * i18n provider's locale can take its place without touching a screen.
 */
export function useWindowLocale(): string {
  return typeof navigator === 'undefined' || navigator.language === '' ? 'en' : navigator.language;
}
