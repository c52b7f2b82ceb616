// First: the contract's schemas must be built without eval (the CSP forbids it).
import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { pageForPath, preloadPage, textsFor } from './app/routes';
import { initialLocale, setLocale } from './lib/i18n';
import { loadTelegramScript, startTelegram } from './lib/telegram';
import { startTheme } from './lib/theme';
import './styles/global.css';

async function start(): Promise<void> {
  // Fetch the first screen's code while the Telegram script and the texts load, not after.
  const firstPage = pageForPath(window.location.pathname);
  if (firstPage) preloadPage(firstPage);
  await loadTelegramScript();
  startTelegram();
  startTheme();
  await setLocale(initialLocale(), firstPage ? textsFor(firstPage) : 'all');
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render is done in slices that let the browser answer in between,
  // rather than as one long task while the splash is on screen.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
