import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { messageLocaleOf, messagesOf, useLocale } from '../components/locale.ts';

/**
 * The words of every component below, in the window's language, from the same catalogues main speaks
 * from (shared/i18n/messages). The document's lang follows, for screen readers and hyphenation.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const language = useLocale((state) => state.view.language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider locale={messageLocaleOf(language)} defaultLocale="en" messages={messagesOf(language)}>
      {children}
    </IntlProvider>
  );
}
