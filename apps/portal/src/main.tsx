import './zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Boot } from './app/boot.tsx';
import { startEarlyLoads } from './app/early-loads.ts';
import { queryClient } from './app/query-client.ts';
import { listenForThemePreview } from './app/theme.ts';
import { i18n } from './shared/i18n/i18n.ts';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The back office's theme preview (decision 0055): only when framed by it on this origin.
listenForThemePreview();
startEarlyLoads();
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Boot />
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
