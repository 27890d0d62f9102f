import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getAt, isHex, type ThemeValue } from './theme-form.ts';

/** The message the portal listens for in its preview mode (apps/portal/src/app/theme.ts, decision 0055). */
const MESSAGE = 'gridline:theme-preview';
const radius: Record<string, string> = { NONE: '0px', SMALL: '4px', MEDIUM: '8px', LARGE: '16px', MAX: '9999px' };

/**
 * The live preview of the draft theme: the portal's own sign-in page in a frame of this origin,
 * told the draft by `postMessage` (to this origin only) whenever it changes; and the dashboard and
 * analysis drawn here from the draft with sample figures (a signed-in portal page would need a
 * customer's session, which staff do not hold).
 */
export function ThemePreview({ theme }: { theme: ThemeValue }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(theme);
  // The theme the portal last confirmed it shows.
  const [shown, setShown] = useState<ThemeValue | null>(null);
  const applied = shown === theme;

  const send = useCallback(() => {
    frame.current?.contentWindow?.postMessage({ type: MESSAGE, theme: latest.current }, window.location.origin);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === `${MESSAGE}:ready`) send();
      if (type === `${MESSAGE}:applied`) setShown(latest.current);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  useEffect(() => {
    latest.current = theme;
    send();
  }, [theme, send]);

  return (
    <Stack gap="xs" className="theme-preview">
      <Title order={2} size="h4">
        {t('theme.preview.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('theme.preview.intro')}
      </Text>
      <Tabs defaultValue="login" keepMounted>
        <Tabs.List>
          <Tabs.Tab value="login">{t('theme.preview.login')}</Tabs.Tab>
          <Tabs.Tab value="dashboard">{t('theme.preview.dashboard')}</Tabs.Tab>
          <Tabs.Tab value="analysis">{t('theme.preview.analysis')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login" pt="xs">
          <iframe ref={frame} className="theme-preview-frame" title={t('theme.preview.frameTitle')} src="/login?themePreview=1" onLoad={send} />
          <Text size="xs" c="dimmed" role="status" data-testid="theme-preview-status">
            {applied ? t('theme.preview.updated') : ''}
          </Text>
        </Tabs.Panel>
        <Tabs.Panel value="dashboard" pt="xs">
          <SampleDashboard theme={theme} />
        </Tabs.Panel>
        <Tabs.Panel value="analysis" pt="xs">
          <SampleAnalysis theme={theme} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const hex = (theme: ThemeValue, path: string[], fallback: string): string => {
  const value = getAt(theme, path);
  return isHex(value) ? value : fallback;
};
const pair = (theme: ThemeValue, base: string[]): CSSProperties => ({ background: hex(theme, [...base, 'background'], '#ffffff'), color: hex(theme, [...base, 'text'], '#111827') });
const font = (theme: ThemeValue, variant: string): CSSProperties => {
  const weight = String(getAt(theme, ['text', 'variants', variant, 'weight']) ?? 'regular');
  return {
    fontSize: `${Number(getAt(theme, ['text', 'variants', variant, 'fontSize']) ?? 16)}px`,
    lineHeight: `${Number(getAt(theme, ['text', 'variants', variant, 'lineHeight']) ?? 24)}px`,
    fontWeight: Number(getAt(theme, ['text', 'weights', weight]) ?? 400),
  };
};

function View({ theme, children }: { theme: ThemeValue; children: React.ReactNode }) {
  const view = ['views', 'variants', 'primary'];
  const image = getAt(theme, [...view, 'background', 'type']) === 'image' ? getAt(theme, [...view, 'background', 'image']) : null;
  return (
    <div
      className="theme-sample"
      style={{
        background: hex(theme, [...view, 'background', 'color'], '#f3f4f6'),
        backgroundImage: typeof image === 'string' && image ? `url("${image.replace(/["\\]/g, '')}")` : undefined,
        color: hex(theme, [...view, 'text'], '#111827'),
      }}
    >
      {children}
    </div>
  );
}

function Surface({ theme, variant, children }: { theme: ThemeValue; variant: string; children: React.ReactNode }) {
  const base = ['surfaces', 'variants', variant];
  return (
    <div className="theme-sample-card" style={{ ...pair(theme, base), border: `1px solid ${hex(theme, [...base, 'border'], '#e5e7eb')}`, borderRadius: radius[String(theme['borderRadius'])] ?? '8px' }}>
      {children}
    </div>
  );
}

function SampleButton({ theme, variant, label }: { theme: ThemeValue; variant: 'filled' | 'outlined'; label: string }) {
  const base = ['buttons', 'variants', variant];
  return (
    <span
      className="theme-sample-button"
      data-variant={variant}
      style={{ ...pair(theme, base), border: `2px solid ${hex(theme, [...base, 'border'], '#000000')}`, borderRadius: radius[String(getAt(theme, ['buttons', 'borderRadius']))] ?? '8px', ...font(theme, 'small'), fontWeight: Number(getAt(theme, ['text', 'weights', 'semiBold']) ?? 600) }}
    >
      {label}
    </span>
  );
}

function SampleDashboard({ theme }: { theme: ThemeValue }) {
  const { t } = useTranslation();
  return (
    <View theme={theme}>
      <p style={{ ...font(theme, 'mini'), margin: 0 }}>{t('theme.preview.sampleNote')}</p>
      <Surface theme={theme} variant="primary">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
          <span style={font(theme, 'h5')}>{t('theme.preview.invoice')}</span>
          <span className="theme-sample-label" style={pair(theme, ['label', 'primary'])}>
            {t('theme.preview.label')}
          </span>
        </div>
        <div style={font(theme, 'h2')}>{t('theme.preview.amount')}</div>
        <div style={font(theme, 'small')}>{t('theme.preview.due')}</div>
        <div style={{ display: 'flex', gap: 8, marginTop: 8, flexWrap: 'wrap' }}>
          <SampleButton theme={theme} variant="filled" label={t('theme.preview.showInvoice')} />
          <SampleButton theme={theme} variant="outlined" label={t('theme.preview.compare')} />
        </div>
      </Surface>
      <Surface theme={theme} variant="info">
        <span style={font(theme, 'small')}>{t('theme.preview.notice')}</span>
      </Surface>
      <Surface theme={theme} variant="attention">
        <span style={font(theme, 'small')}>{t('theme.preview.attention')}</span>
      </Surface>
      <div style={font(theme, 'h6')}>{t('theme.preview.favorites')}</div>
      <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        {(['neutral', 'good', 'bad', 'active'] as const).map((variant) => {
          const base = ['favorites', 'variants', variant];
          return (
            <span key={variant} className="theme-sample-favorite" style={{ ...pair(theme, base), borderRadius: radius[String(theme['borderRadius'])] ?? '8px', ...font(theme, 'small') }}>
              <span aria-hidden="true" className="theme-sample-dot" style={{ background: hex(theme, [...base, 'icon'], '#000000') }} />
              {t(`theme.variants.${variant}`)}
            </span>
          );
        })}
      </div>
      <Surface theme={theme} variant="secondary">
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span className="theme-sample-label" style={pair(theme, ['label', 'secondary'])}>
            {t('theme.preview.labelSecondary')}
          </span>
          <span style={font(theme, 'small')}>{t('theme.preview.devices')}</span>
          {(['idle', 'heating', 'cooling'] as const).map((variant) => (
            <span key={variant} aria-hidden="true" className="theme-sample-pulse" style={{ background: hex(theme, ['pulsingIcon', 'variants', variant, 'color'], '#6b7280'), boxShadow: `0 0 0 4px ${hex(theme, ['pulsingIcon', 'variants', variant, 'pulse'], '#e5e7eb')}` }} />
          ))}
        </div>
      </Surface>
    </View>
  );
}

function SampleAnalysis({ theme }: { theme: ThemeValue }) {
  const { t } = useTranslation();
  const cartesian = ((getAt(theme, ['graph', 'shared', 'cartesian']) as string[] | undefined) ?? []).filter(isHex);
  const radial = ((getAt(theme, ['graph', 'shared', 'radial']) as string[] | undefined) ?? []).filter(isHex);
  const bars = [42, 55, 38, 61, 47, 70, 52];
  const tabs = ['day', 'month', 'year'] as const;
  const segments = radial.slice(0, 6).map((colour, i, list) => ({ colour, share: 100 / list.length, offset: (i * 100) / list.length }));
  return (
    <View theme={theme}>
      <div role="presentation" className="theme-sample-tabs">
        {tabs.map((tab, i) => (
          <span key={tab} className="theme-sample-tab" style={{ ...pair(theme, ['tabs', 'offSurface', i === 0 ? 'active' : 'inactive']), ...font(theme, 'small') }}>
            {t(`theme.preview.tabs.${tab}`)}
          </span>
        ))}
      </div>
      <Surface theme={theme} variant="primary">
        <div style={font(theme, 'h5')}>{t('theme.preview.chart')}</div>
        <svg viewBox="0 0 140 70" role="img" aria-label={t('theme.preview.chartDescription')} className="theme-sample-chart">
          {bars.map((h, i) => (
            <rect key={i} x={6 + i * 19} y={70 - h} width={14} height={h} rx={2} fill={cartesian[i % Math.max(cartesian.length, 1)] ?? '#1f5fa8'} />
          ))}
        </svg>
      </Surface>
      <Surface theme={theme} variant="primary">
        <div style={font(theme, 'h5')}>{t('theme.preview.donut')}</div>
        <svg viewBox="0 0 42 42" role="img" aria-label={t('theme.preview.donutDescription')} className="theme-sample-donut">
          {segments.map(({ colour, share, offset }, i) => (
            <circle key={i} cx="21" cy="21" r="15.915" fill="none" stroke={colour} strokeWidth="6" strokeDasharray={`${share} ${100 - share}`} strokeDashoffset={25 - offset} />
          ))}
        </svg>
      </Surface>
    </View>
  );
}
