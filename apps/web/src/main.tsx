import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { ScrollToTopOnNavigate } from './app/scroll-to-top';
import { initI18n } from './lib/i18n';
import { setUpInstallability } from './lib/install';
import './index.css';

setUpInstallability();
// Not a top-level await: the bundler turns its chunk optimizations off for a module graph with one, and
// the entry would stay a file of its own in front of the first screen's (docs/decisions/020).
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
