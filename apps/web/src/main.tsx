import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initialLocale, setLocale } from './lib/i18n';
import { loadTelegramScript, startTelegram } from './lib/telegram';
import { startTheme } from './lib/theme';
import './styles/global.css';

async function start(): Promise<void> {
  await loadTelegramScript();
  startTelegram();
  startTheme();
  await setLocale(initialLocale());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
