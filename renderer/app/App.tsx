import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { bridgeAvailable } from '../bridge.ts';
import { AttentionBanner, FailedInvoicesBanner } from '../features/history/index.ts';
import { FirstRunName } from '../features/profiles/index.ts';
import { Announcer } from './Announcer.tsx';
import { AppNotices } from './AppNotices.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Header } from './Header.tsx';
import { LocaleProvider } from './LocaleProvider.tsx';
import { createQueryClient } from './query-client.ts';
import { Screen } from './Screen.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useShortcuts } from './use-shortcuts.ts';

/** Opened without the preload (in a plain browser): say what is wrong instead of failing on every call. */
function NoBridge() {
  return (
    <main className="content no-bridge" role="alert">
      <h1>
        <FormattedMessage id="app.noBridge.title" />
      </h1>
      <p>
        <FormattedMessage id="app.noBridge.body" />
      </p>
    </main>
  );
}

/** The app in the window's language (LocaleProvider): every word below comes from the catalogues. */
export function App() {
  return (
    <LocaleProvider>
      <Console />
    </LocaleProvider>
  );
}

function Console() {
  const [client] = useState(createQueryClient);
  const intl = useIntl();
  useShortcuts();
  if (!bridgeAvailable()) return <NoBridge />;
  return (
    <QueryClientProvider client={client}>
      <ErrorBoundary place={intl.formatMessage({ id: 'app.errorBoundary.placeConsole' })}>
        <div className="shell">
          <Header />
          <Sidebar />
          <div className="banners">
            <AppNotices />
            <AttentionBanner />
            <FailedInvoicesBanner />
          </div>
          <Screen />
        </div>
        <FirstRunName />
      </ErrorBoundary>
      <Announcer />
    </QueryClientProvider>
  );
}
