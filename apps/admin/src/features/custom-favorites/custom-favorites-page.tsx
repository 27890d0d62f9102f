import { useState } from 'react';
import { ActionIcon, Button, Card, Group, Radio, Select, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { NavigationTarget } from '@gridline/contracts/bridge';
import { pollingFrequencies, type CustomFavorite } from '@gridline/contracts/settings-parts';
import { useShell } from '../../shared/api/shell-context.ts';
import { appPageSelect } from '../../shared/app-pages.tsx';
import { useSettingsDraft } from '../../shared/settings/use-settings-draft.ts';
import { Page, PageNotReady } from '../../shared/ui/page.tsx';
import { DraftBar } from '../../shared/settings/settings-draft-bar.tsx';

/** A favorite as the form holds it: the navigation's kind chosen, the icon's fields as text. */
interface Row {
  id: string;
  title: string;
  remoteId: string;
  kind: 'webview' | 'app';
  webviewUrl: string;
  appNavigation: string;
  pollingFrequency: CustomFavorite['pollingFrequency'];
  testCustomerIds: string[];
  iconType: string;
  iconName: string;
}

const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

export function rowOf(f: CustomFavorite): Row {
  return {
    id: f.id,
    title: f.title,
    remoteId: f.remoteId,
    kind: f.navigation.appNavigation ? 'app' : 'webview',
    webviewUrl: f.navigation.webviewUrl ?? '',
    appNavigation: f.navigation.appNavigation ?? '',
    pollingFrequency: f.pollingFrequency,
    testCustomerIds: f.testCustomerIds ?? [],
    iconType: f.icon?.type ?? '',
    iconName: f.icon?.name ?? '',
  };
}

/** The favorite the draft holds: only the chosen navigation, the icon when both its fields are given. */
export function favoriteOf(r: Row): CustomFavorite {
  return {
    id: r.id,
    title: r.title.trim(),
    remoteId: r.remoteId.trim(),
    navigation: r.kind === 'webview' ? { webviewUrl: r.webviewUrl.trim() } : { appNavigation: r.appNavigation },
    pollingFrequency: r.pollingFrequency,
    testCustomerIds: r.testCustomerIds.map((id) => id.trim()).filter(Boolean),
    ...(r.iconType.trim() && r.iconName.trim() ? { icon: { type: r.iconType.trim(), name: r.iconName.trim() } } : {}),
  };
}

/**
 * Custom favorites (spec 002 §3, issue 18): the organisation's own favorites a customer can add in
 * the app — title, remote id, a web page or an app page, how often it is refreshed, test customers
 * and an icon. Added, changed, removed and reordered here; saved as the draft (a list) and
 * published on the Releases page.
 */
export function CustomFavoritesPage() {
  const { t } = useTranslation();
  const { organisation } = useShell();
  const org = organisation.slug;
  const { draft, save, discard } = useSettingsDraft(org, 'custom-favorites');
  // What the editor changed since the draft's revision it loaded; a saved or reloaded draft (a new revision) starts afresh.
  const [edit, setEdit] = useState<{ revision: number; rows: Row[] } | null>(null);
  const merged = draft.data?.merged as { items?: CustomFavorite[] } | undefined;
  const revision = draft.data?.revision ?? -1;
  const rows: Row[] | null = edit && edit.revision === revision ? edit.rows : merged ? (merged.items ?? []).map(rowOf) : null;
  const setRows = (change: (all: Row[]) => Row[]) => rows && setEdit({ revision, rows: change(rows) });

  if (draft.error || !draft.data || !rows) return <PageNotReady title={t('customFavorites.title')} intro={t('customFavorites.intro')} query={draft} />;
  const content = rows.map(favoriteOf);
  const dirty = JSON.stringify(content) !== JSON.stringify((merged?.items ?? []).map((f) => favoriteOf(rowOf(f))));
  const update = (index: number, patch: Partial<Row>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const move = (index: number, by: number) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const issueAt = (index: number, field: string) => {
    const issue = draft.data?.issues.find((i) => [`items.${index}.${field}`, `${index}.${field}`].some((p) => i.path === p || i.path.startsWith(`${p}.`)));
    return issue ? t([`shared:errors.${issue.message.split(':')[0]}`, 'releases.draftBar.invalidValue']) : null;
  };
  const saveError = save.error;
  const issueLabel = (path: string) => {
    const m = /^(?:items\.)?(\d+)(?:\.(.+))?$/.exec(path);
    return m
      ? t('customFavorites.favoriteN', { n: Number(m[1]) + 1 }) +
          (m[2] ? ` › ${t(`customFavorites.fields.${m[2].split('.')[0]}`, { defaultValue: m[2] })}` : '')
      : path;
  };

  return (
    <Page
      title={t('customFavorites.title')}
      intro={t('customFavorites.intro')}
      actions={
        <Button
          onClick={() =>
            setRows((all) => [
              ...(all ?? []),
              {
                id: newId(),
                title: '',
                remoteId: '',
                kind: 'webview',
                webviewUrl: 'https://',
                appNavigation: '',
                pollingFrequency: 'occasionally',
                testCustomerIds: [],
                iconType: '',
                iconName: '',
              },
            ])
          }
          disabled={rows.length >= 50}
        >
          {t('customFavorites.add')}
        </Button>
      }
    >
      <DraftBar
        organisation={org}
        draft={draft.data}
        dirty={dirty}
        saving={save.isPending}
        discarding={discard.isPending}
        saveError={saveError}
        discardError={discard.error}
        issueLabel={issueLabel}
        onSave={() => save.mutate(content, { onSuccess: () => notifications.show({ color: 'green', message: t('customFavorites.saved') }) })}
        onDiscard={() => {
          setEdit(null);
          if (draft.data?.content !== null) discard.mutate();
        }}
        onReload={() => {
          setEdit(null);
          save.reset();
          void draft.refetch();
        }}
      />
      {rows.length === 0 ? (
        <Text c="dimmed" data-testid="no-favorites">
          {t('customFavorites.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row, index) => {
            const label = row.title.trim() || t('customFavorites.favoriteN', { n: index + 1 });
            return (
              <Card key={row.id} withBorder component="li" aria-label={label} data-testid="custom-favorite">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600} component="h2" size="md">
                      {label}
                    </Text>
                    <Group gap={4}>
                      <ActionIcon
                        variant="default"
                        aria-label={t('customFavorites.moveUp', { name: label })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        aria-label={t('customFavorites.moveDown', { name: label })}
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        ↓
                      </ActionIcon>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                        aria-label={t('customFavorites.removeNamed', { name: label })}
                      >
                        {t('customFavorites.remove')}
                      </Button>
                    </Group>
                  </Group>
                  <SimpleGrid cols={{ base: 1, md: 2 }}>
                    <TextInput
                      label={t('customFavorites.fields.title')}
                      required
                      maxLength={100}
                      value={row.title}
                      onChange={(e) => update(index, { title: e.currentTarget.value })}
                      error={issueAt(index, 'title')}
                    />
                    <TextInput
                      label={t('customFavorites.fields.remoteId')}
                      description={t('customFavorites.remoteIdHelp')}
                      required
                      maxLength={100}
                      value={row.remoteId}
                      onChange={(e) => update(index, { remoteId: e.currentTarget.value })}
                      error={issueAt(index, 'remoteId')}
                    />
                  </SimpleGrid>
                  <Radio.Group
                    label={t('customFavorites.fields.navigation')}
                    value={row.kind}
                    onChange={(v) => update(index, { kind: v as Row['kind'] })}
                    error={issueAt(index, 'navigation')}
                  >
                    <Group mt={4}>
                      <Radio value="webview" label={t('customFavorites.webview')} />
                      <Radio value="app" label={t('customFavorites.app')} />
                    </Group>
                  </Radio.Group>
                  {row.kind === 'webview' ? (
                    <TextInput
                      label={t('customFavorites.fields.webviewUrl')}
                      type="url"
                      maxLength={2000}
                      value={row.webviewUrl}
                      onChange={(e) => update(index, { webviewUrl: e.currentTarget.value })}
                      error={issueAt(index, 'navigation.webviewUrl')}
                      description={t('customFavorites.urlHelp')}
                    />
                  ) : (
                    <Select
                      label={t('customFavorites.fields.appNavigation')}
                      {...appPageSelect(
                        t,
                        NavigationTarget.options.filter((o) => o !== 'EXTERNAL_URL' && o !== 'NONE'),
                      )}
                      searchable
                      value={row.appNavigation || null}
                      onChange={(v) => update(index, { appNavigation: v ?? '' })}
                      error={issueAt(index, 'navigation.appNavigation')}
                    />
                  )}
                  <SimpleGrid cols={{ base: 1, md: 3 }}>
                    <Select
                      label={t('customFavorites.fields.pollingFrequency')}
                      data={pollingFrequencies.map((p) => ({ value: p, label: t(`customFavorites.polling.${p}`) }))}
                      value={row.pollingFrequency}
                      onChange={(v) => v && update(index, { pollingFrequency: v as Row['pollingFrequency'] })}
                      allowDeselect={false}
                    />
                    <TextInput
                      label={t('customFavorites.fields.iconType')}
                      maxLength={40}
                      value={row.iconType}
                      onChange={(e) => update(index, { iconType: e.currentTarget.value })}
                      error={issueAt(index, 'icon')}
                    />
                    <TextInput
                      label={t('customFavorites.fields.iconName')}
                      maxLength={100}
                      value={row.iconName}
                      onChange={(e) => update(index, { iconName: e.currentTarget.value })}
                    />
                  </SimpleGrid>
                  <TagsInput
                    label={t('customFavorites.fields.testCustomerIds')}
                    description={t('customFavorites.testHelp')}
                    value={row.testCustomerIds}
                    onChange={(v) => update(index, { testCustomerIds: v })}
                    maxTags={50}
                    clearable={false}
                  />
                </Stack>
              </Card>
            );
          })}
        </Stack>
      )}
    </Page>
  );
}
