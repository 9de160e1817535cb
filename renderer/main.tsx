import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyStoredTheme } from './app/theme.ts';
import { loadLocale } from './components/locale.ts';
import './app/theme.css';
import './app/layout.css';

// Set the theme before the first paint, so a dark-theme user never sees a white flash.
applyStoredTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The first render is already in the window's language: main is asked which one first.
void loadLocale().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
