import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Drawer, MantineProvider, mergeThemeOverrides, Modal, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n, initialLanguage, switchLanguage } from '../shared/i18n/i18n.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** Providers, and the first language's texts before anything is shown (one small request). */
export function App() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    switchLanguage(initialLanguage())
      .catch(() => switchLanguage('en'))
      .finally(() => setReady(true));
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <Themed>
        <Notifications position="top-right" />
        <QueryClientProvider client={queryClient}>{ready && <RouterProvider router={router} />}</QueryClientProvider>
      </Themed>
    </I18nextProvider>
  );
}

/** Mantine's theme with the labels of its own buttons (the close button of a dialog or a notification) in the page's language. */
function Themed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('app.close');
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
          Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
          Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
        },
      }),
    [close],
  );
  return (
    <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
