import { useEffect, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n, initialLanguage, switchLanguage } from '../shared/i18n/i18n.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

/** Providers, and the first language's texts before anything is shown (one small request). */
export function App() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    switchLanguage(initialLanguage())
      .catch(() => switchLanguage('en'))
      .finally(() => setReady(true));
  }, []);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>{ready && <RouterProvider router={router} />}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
