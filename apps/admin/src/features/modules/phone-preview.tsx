import { Badge, Box, Group, Loader, Select, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getLocationAttributes, previewAudience } from '@gridline/contracts/endpoints/segments';
import type { Language } from '@gridline/contracts/enums';
import type { SegmentAttributes, SegmentRuleSet } from '@gridline/contracts/segments';
import { copyIn, itemHiddenBecause, scheduledAt, type HomeModule, type ItemVariant, type ModuleItem, type ModuleScope } from '@gridline/contracts/settings-modules';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { outsideOf } from './model.ts';
import classes from './phone-preview.module.css';

/**
 * The app's home screen as a phone shows it, from the DRAFT modules (decision 0058): modules of
 * the scope in order, items by their variant, for a chosen customer (the item's segments evaluated
 * with `matchesSegment` against the customer's location attributes from the server), on a chosen
 * day (schedules), in a chosen language. What that customer would not see is dimmed with why.
 */
export function PhonePreview({
  modules,
  organisation,
  languages,
  focusSegments,
}: {
  modules: readonly HomeModule[];
  organisation: string;
  languages: readonly Language[];
  /** The segments of the item being edited: the customer picker offers customers inside and outside them. */
  focusSegments: SegmentRuleSet | null;
}) {
  const { t } = useTranslation();
  // The organisation's first language until another is chosen (the languages may arrive after the first render).
  const [chosen, setLanguage] = useState<Language | null>(null);
  const language: Language = chosen && languages.includes(chosen) ? chosen : (languages[0] ?? 'en');
  const [scope, setScope] = useState<ModuleScope>('home');
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const [locationId, setLocationId] = useState<string | null>(null);
  const dateId = useId();

  const everyone = useExamples(organisation, { match: 'AND', rules: [] });
  const inside = useExamples(organisation, focusSegments && focusSegments.rules.length > 0 ? focusSegments : null);
  const outside = useExamples(organisation, focusSegments ? outsideOf(focusSegments) : null);
  const options = useMemo(() => {
    const seen = new Set<string>();
    const group = (label: string, list: Examples | undefined) => ({
      group: label,
      items: (list ?? []).filter((e) => !seen.has(e.locationId) && seen.add(e.locationId)).map((e) => ({ value: e.locationId, label: `${e.customerName || t('segments.preview.noName')}, ${e.address}` })),
    });
    return [group(t('modules.preview.inside'), inside.data), group(t('modules.preview.outside'), outside.data), group(t('modules.preview.others'), everyone.data)].filter((g) => g.items.length > 0);
  }, [everyone.data, inside.data, outside.data, t]);

  const attributes = useQuery({
    queryKey: ['modules', organisation, 'attributes', locationId],
    queryFn: () => client.data(getLocationAttributes, { params: { organisation, locationId: locationId! } }),
    enabled: locationId !== null,
    staleTime: 60_000,
  });
  // Noon on the chosen day, so that a schedule of that day is in force.
  const at = new Date(`${day}T12:00:00`);
  const valid = !Number.isNaN(at.getTime());
  const customer = locationId ? ((attributes.data?.attributes as SegmentAttributes | undefined) ?? null) : null;
  const shown = modules.filter((m) => m.scope === scope);

  return (
    <Stack gap="sm" data-testid="phone-preview">
      <Title order={2} size="h3">
        {t('modules.preview.title')}
      </Title>
      <Select
        label={t('modules.preview.customer')}
        placeholder={t('modules.preview.anyCustomer')}
        data={options}
        value={locationId}
        onChange={setLocationId}
        clearable
        searchable
        nothingFoundMessage={t('modules.preview.noCustomers')}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('modules.preview.language')} data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))} value={language} onChange={(l) => l && setLanguage(l as Language)} allowDeselect={false} w={150} />
        <TextInput id={dateId} type="date" label={t('modules.preview.day')} value={day} onChange={(e) => setDay(e.currentTarget.value)} w={170} />
        <SegmentedControl aria-label={t('modules.module.scope')} value={scope} onChange={(s) => setScope(s as ModuleScope)} data={[{ value: 'home', label: t('modules.scopes.home') }, { value: 'analysis', label: t('modules.scopes.analysis') }]} />
      </Group>
      {locationId && attributes.isError ? <ErrorAlert error={attributes.error} onRetry={() => void attributes.refetch()} /> : null}
      <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="preview-for">
        {locationId === null
          ? t('modules.preview.forEveryone')
          : attributes.data
            ? t('modules.preview.forCustomer', { name: attributes.data.customerName || t('segments.preview.noName'), address: attributes.data.address })
            : t('modules.preview.loadingCustomer')}
        {locationId && attributes.isFetching ? <Loader size="xs" ml={6} aria-hidden="true" /> : null}
      </Text>
      <div className={classes.phone} lang={language}>
        <div className={classes.notch} aria-hidden="true" />
        {/* Scrolls like a phone's screen: focusable, so a keyboard scrolls it too. */}
        <div className={classes.screen} role="region" aria-label={t('modules.preview.phone')} tabIndex={0}>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              {t('modules.preview.empty')}
            </Text>
          ) : (
            shown.map((module) => <PreviewModule key={module.id} module={module} language={language} languages={languages} customer={customer} at={valid ? at : new Date()} />)
          )}
        </div>
      </div>
    </Stack>
  );
}

type Examples = Array<{ locationId: string; customerName: string; address: string; city: string }>;

function useExamples(organisation: string, rules: SegmentRuleSet | null) {
  return useQuery({
    queryKey: ['modules', organisation, 'examples', JSON.stringify(rules)],
    queryFn: async () => (await client.data(previewAudience, { params: { organisation }, body: { rules: rules! } })).examples as Examples,
    enabled: rules !== null,
    staleTime: 30_000,
  });
}

const reasonKey = { moduleDisabled: 'modules.preview.hiddenModule', disabled: 'modules.preview.hiddenOff', schedule: 'modules.preview.hiddenSchedule', segment: 'modules.preview.hiddenSegment' } as const;

function Dimmed({ reason, children, testId }: { reason: keyof typeof reasonKey | null; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={reason ? classes.hidden : undefined} data-testid={testId} data-hidden={reason ?? undefined}>
      {reason ? (
        <Badge size="xs" color="dark" variant="filled" className={classes.reason}>
          {t(reasonKey[reason])}
        </Badge>
      ) : null}
      {children}
    </div>
  );
}

function PreviewModule({ module, language, languages, customer, at }: { module: HomeModule; language: Language; languages: readonly Language[]; customer: SegmentAttributes | null; at: Date }) {
  const { t } = useTranslation();
  const moduleHidden = !module.enabled ? 'moduleDisabled' : !scheduledAt(module.schedule, at) ? 'schedule' : null;
  const heading = module.name === 'ImageFooter' ? null : copyIn(module.copy as Partial<Record<Language, { title: string }>> | undefined, language, languages)?.title;
  let body: ReactNode;
  if (module.name === 'News') {
    body = (
      <div className={module.variant === 'portrait' ? classes.carouselPortrait : classes.carouselLandscape} tabIndex={0} role="group" aria-label={heading ?? t(`modules.names.${module.name}`)}>
        {[1, 2, 3].map((n) => (
          <div key={n} className={classes.newsCard}>
            <Text size="xs" c="dimmed">
              {t('modules.preview.newsFrom', { host: hostOf(module.url) })}
            </Text>
          </div>
        ))}
      </div>
    );
  } else if (module.name === 'Favorites') {
    body = (
      <div className={classes.favorites}>
        {module.favorites
          .filter((f) => f.enabled)
          .map((f) => (
            <div key={f.name} className={classes.favorite}>
              <Text size="xs" fw={600}>
                {copyIn(f.copy, language, languages)?.title || t(`modules.favoriteNames.${f.name}`, { defaultValue: f.name })}
              </Text>
            </div>
          ))}
      </div>
    );
  } else if (module.name === 'ImageFooter') {
    body = module.image.url.startsWith('https://') || module.image.url.startsWith('/v3/assets/') ? <img className={module.variant === 'logo' ? classes.logo : classes.footerImage} src={module.image.url} alt={module.image.alt} /> : null;
  } else {
    const variant = module.variant as ItemVariant;
    const carousel = variant.endsWith('Carousel');
    body = (
      <div className={carousel ? (variant === 'portraitCarousel' ? classes.carouselPortrait : classes.carouselLandscape) : classes.list} {...(carousel ? { tabIndex: 0, role: 'group', 'aria-label': heading ?? t(`modules.names.${module.name}`) } : {})}>
        {module.items.map((item) => (
          <PreviewItem key={item.id} module={module} item={item} variant={module.name === 'Shortcuts' ? 'smallListCard' : (item.variant ?? variant)} language={language} languages={languages} customer={customer} at={at} />
        ))}
      </div>
    );
  }
  return (
    <Dimmed reason={moduleHidden} testId={`preview-module-${module.id}`}>
      <Box className={classes.module}>
        {heading ? <div className={classes.heading}>{heading}</div> : null}
        {body}
      </Box>
    </Dimmed>
  );
}

function PreviewItem({ module, item, variant, language, languages, customer, at }: { module: HomeModule; item: ModuleItem; variant: ItemVariant; language: Language; languages: readonly Language[]; customer: SegmentAttributes | null; at: Date }) {
  const { t } = useTranslation();
  const reason = itemHiddenBecause({ ...module, enabled: true, schedule: undefined } as HomeModule, item, customer, at);
  const copy = copyIn(item.copy, language, languages);
  const colours = item.theme?.light;
  const style: CSSProperties = colours
    ? {
        background: colours.backgroundColors.length > 1 ? `linear-gradient(135deg, ${colours.backgroundColors.join(', ')})` : colours.backgroundColors[0],
        color: colours.foregroundColor,
      }
    : {};
  return (
    <Dimmed reason={reason} testId={`preview-item-${item.id}`}>
      <div className={`${classes.card} ${classes[variant]}`} style={style}>
        {item.icon ? (
          <span className={classes.icon} aria-hidden="true">
            {item.icon.name.slice(0, 2)}
          </span>
        ) : null}
        <div>
          {copy?.label ? (
            <span className={classes.label} style={colours ? { color: colours.accentColor, background: colours.accentBackgroundColor } : undefined}>
              {copy.label}
            </span>
          ) : null}
          <div className={classes.cardTitle}>{copy?.title || t('modules.item.untitled')}</div>
          {copy?.body && variant !== 'smallListCard' ? <div className={classes.cardBody}>{copy.body}</div> : null}
        </div>
      </div>
    </Dimmed>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
