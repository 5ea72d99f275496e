import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { ScrollToTopOnNavigate } from './app/scroll-to-top';
import { initI18n } from './lib/i18n';
import { setUpInstallability } from './lib/install';
import './index.css';

setUpInstallability();
// Not a top-level await: the bundler turns its chunk optimizations (merging shared chunks into the
// ones that load them) off for a module graph with one (docs/decisions/023).
void initI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <ScrollToTopOnNavigate />
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
