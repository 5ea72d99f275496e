import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { ScrollToTopOnNavigate } from './app/scroll-to-top';
import { initI18n } from './lib/i18n';
import { setUpInstallability } from './lib/install';
import './index.css';

setUpInstallability();
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <ScrollToTopOnNavigate />
      <AppRouter />
    </Providers>
  </StrictMode>,
);
