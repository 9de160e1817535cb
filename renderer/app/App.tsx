import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { bridgeAvailable } from '../bridge.ts';
import { AttentionBanner, FailedInvoicesBanner } from '../features/history/index.ts';
import { FirstRunName } from '../features/profiles/index.ts';
import { Announcer } from './Announcer.tsx';
import { AppNotices } from './AppNotices.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Header } from './Header.tsx';
import { createQueryClient } from './query-client.ts';
import { Screen } from './Screen.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useShortcuts } from './use-shortcuts.ts';

/** Opened without the preload (in a plain browser): say what is wrong instead of failing on every call. */
function NoBridge() {
  return (
    <main className="content no-bridge" role="alert">
      <h1>Merchant Console cannot start here</h1>
      <p>
        This window is not connected to the app&apos;s main process, so it cannot reach your profiles or the service.
        Start Merchant Console as a desktop app.
      </p>
    </main>
  );
}

export function App() {
  const [client] = useState(createQueryClient);
  useShortcuts();
  if (!bridgeAvailable()) return <NoBridge />;
  return (
    <QueryClientProvider client={client}>
      <ErrorBoundary place="the console">
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
