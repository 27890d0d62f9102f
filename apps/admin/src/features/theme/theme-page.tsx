import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Fieldset, Grid, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@gridline/client/errors';
import { listAssets } from '@gridline/contracts/endpoints/assets';
import { draftEndpointsByPart } from '@gridline/contracts/endpoints/settings-drafts';
import {
  borderRadii,
  buttonVariants,
  deriveTheme,
  favoriteVariants,
  GRAPH_COLORS_MAX,
  GRAPH_COLORS_MIN,
  legacyComponentNames,
  navigationPlacements,
  navigationStates,
  pulsingIconVariants,
  surfaceVariants,
  textVariants,
  textWeights,
  viewBackgroundTypes,
  viewBehaviors,
  viewVariants,
} from '@gridline/contracts/settings-theme';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { useSettingsDraft } from '../../shared/settings/use-settings-draft.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page, PageNotReady } from '../../shared/ui/page.tsx';
import { ColorField } from './color-field.tsx';
import { ThemePreview } from './theme-preview.tsx';
import { contrastFailures, getAt, isHex, issueOf, replaceColour, setAt, type Path, type ThemeValue } from './theme-form.ts';

/**
 * The theme editor (spec 002 §3 "Theme", issue 18, decision 0055): every part of the theme in its
 * section, colours with their contrast against what they are drawn on, images from the
 * organisation's assets, and a live preview of the portal with the draft. Saves the draft (the
 * whole merged theme, `If-Match` its revision); publishing is the Releases page's.
 */
export function ThemePage() {
  const { t } = useTranslation();
  const { organisation, info } = useShell();
  const { draft, save, discard } = useSettingsDraft(organisation.slug, 'themes');
  const writes = mayCall(info.admin.scope, draftEndpointsByPart.themes.replace);
  const [value, setValue] = useState<ThemeValue | null>(null);
  const [revision, setRevision] = useState<number | null>(null);
  const [blocked, setBlocked] = useState(0);

  // A new revision from the server (the first load, a save, a reload) replaces what the editor holds.
  if (draft.data && draft.data.revision !== revision) {
    setValue(draft.data.merged);
    setRevision(draft.data.revision);
  }

  const assets = useQuery({
    queryKey: ['assets', organisation.slug, { organisation: organisation.slug, limit: 100, page: 1 }],
    queryFn: () => client.send(listAssets, { query: { organisation: organisation.slug, limit: 100, page: 1 } }),
  });

  const saveError = save.error ?? discard.error;
  const serverIssues = useMemo(() => {
    const map = new Map<string, string>();
    const issues = [...(draft.data?.issues ?? []), ...(isApiError(saveError) && Array.isArray((saveError.data as { issues?: unknown })?.issues) ? (saveError.data as { issues: Array<{ path: string; message: string }> }).issues : [])];
    for (const issue of issues) {
      const { path, key } = issueOf(issue);
      if (!map.has(path)) map.set(path, t([`admin:errors.${key}`, `shared:errors.${key}`, 'shared:errors.unknownError']));
    }
    return map;
  }, [draft.data?.issues, saveError, t]);

  if (draft.error || !draft.data || !value) return <PageNotReady title={t('theme.title')} intro={t('theme.intro')} query={draft} />;

  const set = (path: Path, next: unknown) => {
    setBlocked(0);
    setValue((current) => {
      const before = current ?? {};
      // A brand colour carries over to the parts drawn in it (decision 0055).
      const brand = path.length === 1 && (path[0] === 'primaryColor' || path[0] === 'secondaryColor');
      const previous = before[path[0] ?? ''];
      const carried = brand && isHex(previous) && isHex(next) ? replaceColour(before, previous, next, [path[0] === 'primaryColor' ? 'secondaryColor' : 'primaryColor']) : before;
      return setAt(carried, path, next);
    });
  };
  const colour = (path: Path, label: string) => <ColorField key={path.join('.')} theme={value} path={path} label={label} serverError={serverIssues.get(path.join('.'))} onChange={set} />;
  const stale = isApiError(saveError) && saveError.key === 'DRAFT_STALE';

  const onSave = () => {
    const failures = contrastFailures(value);
    if (failures.length > 0) {
      setBlocked(failures.length);
      return;
    }
    save.mutate(value, { onSuccess: () => notifications.show({ color: 'green', message: t('theme.saved') }) });
  };
  const reload = () => {
    save.reset();
    setRevision(null);
    void draft.refetch();
  };

  const variantsOf = (labelKey: string, names: readonly string[], base: Path, fields: readonly string[], extra?: (name: string) => ReactNode) =>
    names.map((name) => (
      <Fieldset key={name} legend={t(`theme.variants.${name}`)} variant="filled">
        <Stack gap="xs">
          {fields.map((field) => colour([...base, name, field], t(`theme.fields.${field}`)))}
          {extra?.(name)}
        </Stack>
      </Fieldset>
    ));

  const section = (name: string, children: ReactNode, note?: string) => (
    <Fieldset key={name} legend={<Title order={2} size="h4">{t(`theme.sections.${name}`)}</Title>} aria-label={t(`theme.sections.${name}`)}>
      {note && (
        <Text size="sm" c="dimmed" mb="xs">
          {note}
        </Text>
      )}
      {children}
    </Fieldset>
  );

  const assetOptions = (kinds: readonly string[], current: unknown) => {
    const list = (assets.data?.data ?? []).filter((a) => kinds.includes(a.kind)).map((a) => ({ value: a.url, label: a.name }));
    if (typeof current === 'string' && current && !list.some((o) => o.value === current)) list.unshift({ value: current, label: current });
    return [{ value: '', label: t('theme.noImage') }, ...list];
  };
  const assetSelect = (label: string, kinds: readonly string[], current: unknown, onPick: (url: string | null) => void) => (
    <Select label={label} data={assetOptions(kinds, current)} value={typeof current === 'string' ? current : ''} onChange={(v) => onPick(v ? v : null)} allowDeselect={false} description={assets.error ? t('theme.assetsError') : assets.data?.data.length === 0 ? t('theme.noAssets') : undefined} />
  );

  const graphList = (list: 'cartesian' | 'radial') => {
    const path = ['graph', 'shared', list];
    const colours = (getAt(value, path) as string[] | undefined) ?? [];
    return (
      <Fieldset key={list} legend={t(`theme.variants.${list}`)} variant="filled">
        <Text size="sm" c={colours.length < GRAPH_COLORS_MIN || colours.length > GRAPH_COLORS_MAX ? 'red' : 'dimmed'} mb="xs" aria-live="polite">
          {t('theme.graphCount', { count: colours.length })}
        </Text>
        <Stack gap="xs">
          {colours.map((_, i) => (
            <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
              {colour([...path, String(i)], t('theme.graphColour', { n: i + 1 }))}
              <Button variant="subtle" color="red" size="xs" mt={28} disabled={colours.length <= GRAPH_COLORS_MIN} onClick={() => set(path, colours.filter((__, j) => j !== i))} aria-label={t('theme.graphRemove', { n: i + 1 })}>
                ×
              </Button>
            </Group>
          ))}
        </Stack>
        <Button mt="xs" size="xs" variant="light" disabled={colours.length >= GRAPH_COLORS_MAX} onClick={() => set(path, [...colours, colours[colours.length - 1] ?? '#1f5fa8'])}>
          {t('theme.graphAdd')}
        </Button>
      </Fieldset>
    );
  };

  const primary = String(value['primaryColor'] ?? '#1f5fa8');
  const secondary = String(value['secondaryColor'] ?? '#f2b705');
  const optional = (path: Path, name: string, fallback: () => unknown) => (
    <Checkbox label={t('theme.optionalVariant', { name: t(`theme.variants.${name}`) })} checked={getAt(value, path) !== undefined} onChange={(event) => set(path, event.currentTarget.checked ? fallback() : undefined)} />
  );
  const logo = value['logo'] as { url: string; alt: string } | null | undefined;

  return (
    <Page
      title={t('theme.title')}
      intro={t('theme.intro')}
      actions={
        writes ? (
          <>
            <Button variant="default" onClick={() => discard.mutate(undefined, { onSuccess: () => notifications.show({ color: 'green', message: t('theme.discarded') }) })} disabled={draft.data.content === null} loading={discard.isPending}>
              {t('theme.discard')}
            </Button>
            <Button onClick={onSave} loading={save.isPending}>
              {t('theme.save')}
            </Button>
          </>
        ) : undefined
      }
    >
      <Group gap="sm">
        <Badge color={draft.data.changed ? 'yellow' : 'gray'} variant="light">
          {t(draft.data.changed ? 'theme.changed' : 'theme.unchanged')}
        </Badge>
        {draft.data.changed && (
          <Text size="sm">
            {t('theme.publishHint')}{' '}
            <Anchor component={Link} to={`/${organisation.slug}/releases`}>
              {t('theme.releases')}
            </Anchor>
          </Text>
        )}
      </Group>
      {blocked > 0 && (
        <Alert color="red" role="alert">
          {t('theme.fixFirst', { count: blocked })}
        </Alert>
      )}
      {stale ? (
        <Alert color="red" role="alert" title={errorMessage(t, saveError)}>
          <Button size="xs" variant="light" color="red" onClick={reload}>
            {t('theme.reload')}
          </Button>
        </Alert>
      ) : saveError ? (
        <ErrorAlert error={saveError} title={t('theme.save')} />
      ) : null}
      {draft.data.issues.length > 0 && (
        <Alert color="yellow" title={t('theme.issuesTitle')}>
          <Stack gap={2}>
            {draft.data.issues.map((issue) => (
              <Text size="sm" key={issue.path}>
                {issue.path}: {serverIssues.get(issueOf(issue).path)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            {section(
              'brand',
              <Stack gap="xs">
                {colour(['primaryColor'], t('theme.fields.primaryColor'))}
                {colour(['secondaryColor'], t('theme.fields.secondaryColor'))}
                <Select label={t('theme.fields.borderRadius')} data={borderRadii.map((r) => ({ value: r, label: t(`theme.radius.${r}`) }))} value={String(value['borderRadius'] ?? 'MEDIUM')} onChange={(v) => v && set(['borderRadius'], v)} allowDeselect={false} />
                <TextInput label={t('theme.fields.logoText')} value={String(value['logoText'] ?? '')} onChange={(e) => set(['logoText'], e.currentTarget.value)} maxLength={40} required />
                {assetSelect(t('theme.fields.logo'), ['logo', 'image'], logo?.url, (url) => set(['logo'], url ? { url, alt: logo?.alt || String(value['logoText'] ?? organisation.name) } : null))}
                {logo && <TextInput label={t('theme.fields.logoAlt')} value={logo.alt} onChange={(e) => set(['logo', 'alt'], e.currentTarget.value)} maxLength={200} required />}
                {assetSelect(t('theme.fields.favicon'), ['favicon', 'logo', 'image'], value['favicon'], (url) => set(['favicon'], url))}
              </Stack>,
            )}
            {section(
              'buttons',
              <Stack gap="xs">
                <Select label={t('theme.fields.buttonRadius')} data={borderRadii.map((r) => ({ value: r, label: t(`theme.radius.${r}`) }))} value={String(getAt(value, ['buttons', 'borderRadius']) ?? 'MEDIUM')} onChange={(v) => v && set(['buttons', 'borderRadius'], v)} allowDeselect={false} />
                <SimpleGrid cols={{ base: 1, xl: 3 }}>{variantsOf('buttons', buttonVariants, ['buttons', 'variants'], ['background', 'text', 'border'])}</SimpleGrid>
              </Stack>,
              t('theme.disabledNote'),
            )}
            {section('favorites', <SimpleGrid cols={{ base: 1, md: 2 }}>{variantsOf('favorites', favoriteVariants, ['favorites', 'variants'], ['background', 'text', 'icon'])}</SimpleGrid>)}
            {section('graph', <Stack gap="sm">{graphList('cartesian')}{graphList('radial')}</Stack>)}
            {section(
              'pulsingIcon',
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {pulsingIconVariants.map((name) => {
                  const path = ['pulsingIcon', 'variants', name];
                  const required = name === 'idle' || name === 'heating' || name === 'cooling';
                  return (
                    <Fieldset key={name} legend={t(`theme.variants.${name}`)} variant="filled">
                      <Stack gap="xs">
                        {!required && optional(path, name, () => deriveTheme(primary, secondary).pulsingIcon.variants[name])}
                        {getAt(value, path) !== undefined && (
                          <>
                            {colour([...path, 'color'], t('theme.fields.color'))}
                            {colour([...path, 'pulse'], t('theme.fields.pulse'))}
                          </>
                        )}
                      </Stack>
                    </Fieldset>
                  );
                })}
              </SimpleGrid>,
            )}
            {section('label', <SimpleGrid cols={{ base: 1, md: 2 }}>{variantsOf('label', ['primary', 'secondary'], ['label'], ['background', 'text'])}</SimpleGrid>)}
            {(['menu', 'selector', 'tabs'] as const).map((part) =>
              section(
                part,
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {navigationPlacements.map((placement) => (
                    <Fieldset key={placement} legend={t(`theme.variants.${placement}`)} variant="filled">
                      <Stack gap="sm">{variantsOf(part, navigationStates, [part, placement], ['background', 'text'])}</Stack>
                    </Fieldset>
                  ))}
                </SimpleGrid>,
              ),
            )}
            {section(
              'text',
              <Stack gap="xs">
                <Group>
                  {textWeights.map((weight) => (
                    <NumberInput key={weight} label={t('theme.fields.weightValue', { weight: t(`theme.variants.${weight}`) })} min={100} max={900} step={100} value={Number(getAt(value, ['text', 'weights', weight]) ?? 400)} onChange={(v) => typeof v === 'number' && set(['text', 'weights', weight], v)} w={200} />
                  ))}
                </Group>
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {textVariants.map((variant) => {
                    const path = ['text', 'variants', variant];
                    return (
                      <Fieldset key={variant} legend={t(`theme.textVariants.${variant}`)} variant="filled">
                        <Group gap="xs" wrap="nowrap">
                          <NumberInput label={t('theme.fields.fontSize')} min={8} max={96} value={Number(getAt(value, [...path, 'fontSize']) ?? 16)} onChange={(v) => typeof v === 'number' && set([...path, 'fontSize'], v)} w={100} />
                          <NumberInput label={t('theme.fields.lineHeight')} min={8} max={128} value={Number(getAt(value, [...path, 'lineHeight']) ?? 24)} onChange={(v) => typeof v === 'number' && set([...path, 'lineHeight'], v)} w={120} />
                          <Select label={t('theme.fields.weight')} data={textWeights.map((w) => ({ value: w, label: t(`theme.variants.${w}`) }))} value={String(getAt(value, [...path, 'weight']) ?? 'regular')} onChange={(v) => v && set([...path, 'weight'], v)} allowDeselect={false} w={140} />
                        </Group>
                      </Fieldset>
                    );
                  })}
                </SimpleGrid>
              </Stack>,
            )}
            {section('surfaces', <SimpleGrid cols={{ base: 1, md: 2 }}>{variantsOf('surfaces', surfaceVariants, ['surfaces', 'variants'], ['background', 'text', 'border'])}</SimpleGrid>)}
            {section(
              'views',
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {viewVariants.map((name) => {
                  const path = ['views', 'variants', name];
                  const view = getAt(value, path) as { background?: { type?: string; image?: string | null } } | undefined;
                  return (
                    <Fieldset key={name} legend={t(`theme.variants.${name}`)} variant="filled">
                      <Stack gap="xs">
                        {name === 'home' && optional(path, name, () => ({ background: { type: 'color', color: primary, image: null }, behavior: 'sticky', text: deriveTheme(primary, secondary, { home: true }).views.variants.home?.text ?? '#ffffff' }))}
                        {view && (
                          <>
                            <Select label={t('theme.fields.backgroundType')} data={viewBackgroundTypes.map((v) => ({ value: v, label: t(`theme.backgroundTypes.${v}`) }))} value={view.background?.type ?? 'color'} onChange={(v) => v && set([...path, 'background', 'type'], v)} allowDeselect={false} />
                            {colour([...path, 'background', 'color'], t('theme.fields.backgroundColor'))}
                            {view.background?.type === 'image' && (
                              <>
                                {assetSelect(t('theme.fields.image'), ['image'], view.background.image, (url) => set([...path, 'background', 'image'], url))}
                                {serverIssues.get([...path, 'background', 'image'].join('.')) && (
                                  <Text size="sm" c="red">
                                    {serverIssues.get([...path, 'background', 'image'].join('.'))}
                                  </Text>
                                )}
                                <Text size="xs" c="dimmed">
                                  {t('theme.imageNote')}
                                </Text>
                              </>
                            )}
                            <Select label={t('theme.fields.behavior')} data={viewBehaviors.map((v) => ({ value: v, label: t(`theme.behaviors.${v}`) }))} value={String(getAt(value, [...path, 'behavior']) ?? 'scroll')} onChange={(v) => v && set([...path, 'behavior'], v)} allowDeselect={false} />
                            {colour([...path, 'text'], t('theme.fields.text'))}
                          </>
                        )}
                      </Stack>
                    </Fieldset>
                  );
                })}
              </SimpleGrid>,
            )}
            {section('legacyComponents', <SimpleGrid cols={{ base: 1, xl: 3 }}>{legacyComponentNames.map((name) => (
              <Fieldset key={name} legend={t(`theme.legacyComponentNames.${name}`)} variant="filled">
                <Stack gap="xs">{(['background', 'text', 'icon'] as const).map((field) => colour(['legacyComponents', name, field], t(`theme.fields.${field}`)))}</Stack>
              </Fieldset>
            ))}</SimpleGrid>)}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div className="theme-preview-column">
            <ThemePreview theme={value} />
          </div>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
