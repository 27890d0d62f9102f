import { ActionIcon, Alert, Anchor, Badge, Button, Grid, Group, Loader, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@gridline/client/errors';
import { getAvailableFavorites } from '@gridline/contracts/endpoints/segments';
import { languages as allLanguages, type Language } from '@gridline/contracts/enums';
import { copyIn, homeModuleNames, MODULE_MAX, ModulesPart, moduleScopes, type HomeModule, type HomeModuleName, type ModuleScope } from '@gridline/contracts/settings-modules';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { useSettingsDraft } from '../../shared/settings/use-settings-draft.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { ModuleEditor, ProblemList } from './module-editor.tsx';
import { issuesUnder, newModule } from './model.ts';
import { PhonePreview } from './phone-preview.tsx';

type Content = { items: HomeModule[] };

/**
 * Home modules (spec 002 §2, §3 "Home module"; issue 18, decision 0058): the modules of the home
 * and analysis screens in order, each module's items with their texts, link, colours, schedule
 * and audience, and the favorites the organisation can offer; a phone preview of the draft for a
 * chosen customer. Edits the modules draft (`useSettingsDraft`); publishing is the releases page's.
 */
export function ModulesPage() {
  const { t } = useTranslation();
  const { organisation } = useShell();
  const slug = organisation.slug;
  const { draft, save, discard } = useSettingsDraft(slug, 'modules');
  const flags = useSettingsDraft(slug, 'feature-flags').draft;
  const available = useQuery({ queryKey: ['modules', slug, 'favorites'], queryFn: () => client.data(getAvailableFavorites, { params: { organisation: slug } }), staleTime: 60_000 });
  const [content, setContent] = useState<Content | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [selectedItem, setSelectedItem] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ name: HomeModuleName | null; scope: ModuleScope }>({ name: null, scope: 'home' });

  const merged = draft.data?.merged;
  const mergedJson = JSON.stringify(merged ?? null);
  // The editor starts again from the draft whenever the draft itself changes (a load, a save, a discard).
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  if (merged && mergedJson !== loadedFrom) {
    setLoadedFrom(mergedJson);
    setContent(ModulesPart.safeParse(merged).data ?? (merged as Content));
  }

  const languages = useMemo<Language[]>(() => {
    const configured = (flags.data?.merged as { flags?: { LANGUAGES?: Language[] } } | undefined)?.flags?.LANGUAGES;
    return configured && configured.length > 0 ? configured : ['en'];
  }, [flags.data]);

  const local = useMemo(() => (content ? ModulesPart.safeParse(content) : null), [content]);
  const saveIssues = save.error && isApiError(save.error) ? ((save.error.data as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues ?? []) : [];
  const issues = [...(local && !local.success ? local.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) : []), ...saveIssues];
  const dirty = content !== null && JSON.stringify(content) !== JSON.stringify(ModulesPart.safeParse(merged).data ?? merged);
  const stale = isApiError(save.error) && save.error.key === 'DRAFT_STALE';

  if (draft.isPending || flags.isPending) {
    return (
      <Page title={t('modules.title')} intro={t('modules.intro')}>
        <Group role="status" gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('modules.loading')}</Text>
        </Group>
      </Page>
    );
  }
  if (draft.isError || !content) {
    return (
      <Page title={t('modules.title')} intro={t('modules.intro')}>
        <ErrorAlert error={draft.error} onRetry={() => void draft.refetch()} />
      </Page>
    );
  }

  const modules = content.items;
  const setModules = (items: HomeModule[]) => setContent({ items });
  const index = modules.findIndex((m) => m.id === selected);
  const module = index >= 0 ? modules[index] : undefined;
  const focusItem = module && 'items' in module ? module.items.find((i) => i.id === selectedItem) : undefined;
  const moveWithinScope = (i: number, by: -1 | 1) => {
    const scope = modules[i]!.scope;
    let j = i + by;
    while (j >= 0 && j < modules.length && modules[j]!.scope !== scope) j += by;
    if (j < 0 || j >= modules.length) return;
    const next = [...modules];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setModules(next);
  };

  return (
    <Page
      title={t('modules.title')}
      intro={t('modules.intro')}
      actions={
        <>
          <Badge color={draft.data.changed ? 'orange' : 'gray'} variant="light" data-testid="draft-state">
            {draft.data.changed ? t('modules.state.changed') : t('modules.state.live')}
          </Badge>
          <Button variant="default" onClick={() => discard.mutate(undefined, { onSuccess: () => setSelected(null) })} disabled={!draft.data.content || discard.isPending}>
            {t('modules.discard')}
          </Button>
          <Button onClick={() => save.mutate(content)} loading={save.isPending} disabled={!dirty}>
            {t('modules.save')}
          </Button>
        </>
      }
    >
      <Group gap="xs">
        <Text size="sm">{t('modules.publishHint')}</Text>
        <Anchor component={Link} to={`/${slug}/releases`} size="sm">
          {t('modules.releasesLink')}
        </Anchor>
      </Group>
      {stale ? (
        <Alert color="orange" role="alert" title={t('shared:errors.DRAFT_STALE')}>
          <Button size="xs" variant="light" onClick={() => void draft.refetch().then(() => save.reset())}>
            {t('modules.reload')}
          </Button>
        </Alert>
      ) : save.isError && saveIssues.length === 0 ? (
        <ErrorAlert title={t('modules.saveFailed')} error={save.error} />
      ) : null}
      {save.isSuccess && !dirty ? (
        <Text size="sm" c="teal.9" role="status" data-testid="saved">
          {t('modules.saved')}
        </Text>
      ) : null}
      {discard.isError ? <ErrorAlert title={t('modules.discardFailed')} error={discard.error} /> : null}
      {issues.length > 0 ? (
        <Alert color="red" variant="light" title={t('modules.issues', { count: issues.length })} data-testid="draft-issues">
          <Text size="sm">{t('modules.issuesHint')}</Text>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            {moduleScopes.map((scope) => {
              const inScope = modules.map((m, i) => ({ m, i })).filter(({ m }) => m.scope === scope);
              return (
                <Paper key={scope} withBorder p="md" component="section" aria-labelledby={`scope-${scope}`}>
                  <Title order={2} size="h4" id={`scope-${scope}`} mb="sm">
                    {t(`modules.scopes.${scope}`)}
                  </Title>
                  {inScope.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('modules.noModules')}
                    </Text>
                  ) : (
                    <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                      {inScope.map(({ m, i }, k) => {
                        const name = t(`modules.names.${m.name}`);
                        const heading = m.name === 'ImageFooter' ? undefined : copyIn(m.copy as Partial<Record<Language, { title: string }>> | undefined, languages[0] ?? 'en')?.title;
                        const label = heading ? `${name}: ${heading}` : name;
                        const broken = issuesUnder(issues, `items.${i}`).length > 0;
                        return (
                          <Paper component="li" key={m.id} withBorder p="xs" bg={m.id === selected ? 'blue.0' : undefined} data-testid={`module-row-${m.name}`}>
                            <Group justify="space-between" wrap="nowrap">
                              <Group gap="xs" wrap="nowrap">
                                <Switch aria-label={t('modules.module.enabledOf', { name: label })} checked={m.enabled} onChange={(e) => setModules(modules.map((x, j) => (j === i ? { ...x, enabled: e.currentTarget.checked } : x)))} />
                                <Text size="sm" fw={500}>
                                  {label}
                                </Text>
                                {broken ? <Badge variant="light" color="red">{t('modules.needsWork')}</Badge> : null}
                              </Group>
                              <Group gap={4} wrap="nowrap">
                                <ActionIcon variant="subtle" aria-label={t('modules.moveUp', { name: label })} disabled={k === 0} onClick={() => moveWithinScope(i, -1)}>
                                  <span aria-hidden="true">↑</span>
                                </ActionIcon>
                                <ActionIcon variant="subtle" aria-label={t('modules.moveDown', { name: label })} disabled={k === inScope.length - 1} onClick={() => moveWithinScope(i, 1)}>
                                  <span aria-hidden="true">↓</span>
                                </ActionIcon>
                                <Button
                                  size="xs"
                                  variant={m.id === selected ? 'filled' : 'light'}
                                  aria-expanded={m.id === selected}
                                  onClick={() => {
                                    setSelected(m.id === selected ? null : m.id);
                                    setSelectedItem(null);
                                  }}
                                >
                                  {t('modules.module.edit', { name: label })}
                                </Button>
                                <ActionIcon variant="subtle" color="red" aria-label={t('modules.module.remove', { name: label })} onClick={() => setModules(modules.filter((x) => x.id !== m.id))}>
                                  <span aria-hidden="true">✕</span>
                                </ActionIcon>
                              </Group>
                            </Group>
                          </Paper>
                        );
                      })}
                    </Stack>
                  )}
                </Paper>
              );
            })}
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('modules.add.name')}
                data={homeModuleNames.map((n) => ({ value: n, label: t(`modules.names.${n}`) }))}
                value={adding.name}
                onChange={(name) => setAdding({ ...adding, name: name as HomeModuleName | null })}
                w={220}
              />
              <Select
                label={t('modules.add.scope')}
                data={moduleScopes.map((s) => ({ value: s, label: t(`modules.scopes.${s}`) }))}
                value={adding.scope}
                allowDeselect={false}
                onChange={(scope) => scope && setAdding({ ...adding, scope: scope as ModuleScope })}
                w={160}
              />
              <Button
                variant="light"
                disabled={!adding.name || modules.length >= MODULE_MAX}
                onClick={() => {
                  if (!adding.name) return;
                  const created = newModule(adding.name, adding.scope, languages[0] ?? 'en', t(`modules.names.${adding.name}`));
                  setModules([...modules, created]);
                  setSelected(created.id);
                  setSelectedItem(null);
                  setAdding({ name: null, scope: adding.scope });
                }}
              >
                {t('modules.add.button')}
              </Button>
            </Group>
            {module ? (
              <Paper withBorder p="md" component="section" aria-label={t('modules.editor.title', { name: t(`modules.names.${module.name}`) })}>
                <ModuleEditor
                  module={module}
                  path={`items.${index}`}
                  problems={issuesUnder(issues, `items.${index}`)}
                  languages={languages}
                  organisation={slug}
                  available={available.data}
                  selectedItem={selectedItem}
                  onSelectItem={setSelectedItem}
                  onChange={(next) => setModules(modules.map((x, j) => (j === index ? next : x)))}
                />
              </Paper>
            ) : (
              <ProblemList problems={issuesUnder(issues, 'items').filter((p) => !/^items\.\d+/.test(p.path))} />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <PhonePreview modules={modules} organisation={slug} languages={languages.length > 0 ? languages : allLanguages} focusSegments={focusItem?.segments ?? null} />
          </div>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
