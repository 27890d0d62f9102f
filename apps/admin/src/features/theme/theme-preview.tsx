import { useCallback, useEffect, useRef, useState } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ThemeValue } from './theme-form.ts';

/** The message the portal listens for in its preview mode (apps/portal/src/app/theme.ts, decision 0055). */
const MESSAGE = 'gridline:theme-preview';

/** The portal pages the preview frames, each in its own frame (decision 0063). */
const pages = [
  { value: 'login', src: '/login?themePreview=1', title: 'theme.preview.frameTitle' },
  { value: 'dashboard', src: '/dashboard?themePreview=1', title: 'theme.preview.dashboardFrameTitle' },
  { value: 'analysis', src: '/analysis?themePreview=1', title: 'theme.preview.analysisFrameTitle' },
] as const;
type PageName = (typeof pages)[number]['value'];

/**
 * The live preview of the draft theme: the portal's own sign-in page, dashboard and analysis page,
 * each in a frame of this origin (a frame loads when its tab is first opened), told the draft by
 * `postMessage` (to this origin only) when it says it is ready and whenever the draft changes. The
 * signed-in pages show the portal's demo household (decision 0063): no customer's session and no
 * customer's data.
 */
export function ThemePreview({ theme }: { theme: ThemeValue }) {
  const { t } = useTranslation();
  const frames = useRef<Partial<Record<PageName, HTMLIFrameElement | null>>>({});
  const latest = useRef(theme);
  const [opened, setOpened] = useState<PageName[]>(['login']);
  // The theme each portal page last confirmed it shows.
  const [shown, setShown] = useState<Partial<Record<PageName, ThemeValue>>>({});
  const applied = opened.every((page) => shown[page] === theme);

  const send = useCallback((page: PageName) => {
    frames.current[page]?.contentWindow?.postMessage({ type: MESSAGE, theme: latest.current }, window.location.origin);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const page = pages.find(({ value }) => event.source !== null && event.source === frames.current[value]?.contentWindow)?.value;
      if (!page) return;
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === `${MESSAGE}:ready`) send(page);
      if (type === `${MESSAGE}:applied`) setShown((before) => ({ ...before, [page]: latest.current }));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  useEffect(() => {
    latest.current = theme;
    for (const { value } of pages) send(value);
  }, [theme, send]);

  return (
    <Stack gap="xs" className="theme-preview">
      <Title order={2} size="h4">
        {t('theme.preview.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('theme.preview.intro')}
      </Text>
      <Tabs
        defaultValue="login"
        keepMounted
        onChange={(value) => {
          const page = pages.find((p) => p.value === value)?.value;
          if (page) setOpened((before) => (before.includes(page) ? before : [...before, page]));
        }}
      >
        <Tabs.List>
          {pages.map(({ value }) => (
            <Tabs.Tab key={value} value={value}>
              {t(`theme.preview.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {pages.map(({ value, src, title }) => (
          <Tabs.Panel key={value} value={value} pt="xs">
            {opened.includes(value) ? (
              <iframe
                ref={(element) => {
                  frames.current[value] = element;
                }}
                className="theme-preview-frame"
                title={t(title)}
                src={src}
                onLoad={() => send(value)}
              />
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <Text size="xs" c="dimmed" role="status" data-testid="theme-preview-status">
        {applied ? t('theme.preview.updated') : ''}
      </Text>
    </Stack>
  );
}
