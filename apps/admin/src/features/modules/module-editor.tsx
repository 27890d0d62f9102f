import { ActionIcon, Badge, Button, Checkbox, Fieldset, Group, Paper, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@gridline/contracts/enums';
import {
  copyIn,
  favoriteNames,
  imageFooterVariants,
  isConditionalFavorite,
  itemVariants,
  MODULE_BODY_MAX,
  MODULE_MAX_ITEMS,
  MODULE_TITLE_MAX,
  moduleScopes,
  newsVariants,
  REQUIRED_FAVORITE,
  type FavoriteAvailability,
  type FavoritesModule,
  type HomeModule,
  type ItemModule,
  type ModuleItem,
} from '@gridline/contracts/settings-modules';
import { CopyColumns, ItemEditor, NavigationEditor, ScheduleEditor } from './item-editor.tsx';
import { favoriteEntry, move, newItem, paramsOf } from './model.ts';

type Problems = ReadonlyArray<{ path: string; key: string }>;

/** The module's own settings, then its items or favorites. `path` is its place in the part (`items.3`), for the draft's issues. */
export function ModuleEditor({
  module,
  onChange,
  languages,
  organisation,
  available,
  problems,
  path,
  selectedItem,
  onSelectItem,
}: {
  module: HomeModule;
  onChange: (module: HomeModule) => void;
  languages: readonly Language[];
  organisation: string;
  available: FavoriteAvailability | undefined;
  problems: Problems;
  path: string;
  selectedItem: string | null;
  onSelectItem: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const own = problems.filter((p) => !/^items\.\d+\.(items|favorites)\.\d+/.test(p.path));
  return (
    <Stack gap="md" data-testid="module-editor">
      <Title order={2} size="h3">
        {t('modules.editor.title', { name: t(`modules.names.${module.name}`) })}
      </Title>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Switch label={t('modules.module.enabled')} checked={module.enabled} onChange={(e) => onChange({ ...module, enabled: e.currentTarget.checked })} />
        <Select
          label={t('modules.module.scope')}
          data={moduleScopes.map((s) => ({ value: s, label: t(`modules.scopes.${s}`) }))}
          value={module.scope}
          allowDeselect={false}
          onChange={(scope) => scope && onChange({ ...module, scope: scope as HomeModule['scope'] })}
          w={180}
        />
        <VariantSelect module={module} onChange={onChange} />
      </Group>
      {module.name !== 'ImageFooter' ? (
        <Fieldset legend={t('modules.module.heading')}>
          {module.name === 'Favorites' ? (
            <CopyColumns
              idPrefix="module"
              languages={languages}
              fields={[
                { key: 'title', max: MODULE_TITLE_MAX },
                { key: 'selectorTitle', max: MODULE_TITLE_MAX },
                { key: 'selectorDescription', max: MODULE_BODY_MAX, multiline: true },
              ]}
              value={module.copy}
              onChange={(copy) => onChange({ ...module, copy: copy as FavoritesModule['copy'] })}
            />
          ) : (
            <CopyColumns
              idPrefix="module"
              languages={languages}
              fields={[{ key: 'title', max: MODULE_TITLE_MAX }]}
              value={module.copy ?? {}}
              onChange={(copy) => onChange({ ...module, copy: copy as { en: { title: string } } })}
            />
          )}
        </Fieldset>
      ) : null}
      {module.name === 'News' ? (
        <>
          <TextInput label={t('modules.news.url')} type="url" value={module.url} onChange={(e) => onChange({ ...module, url: e.currentTarget.value })} maxLength={2000} />
          <Textarea
            label={t('modules.news.extraParams')}
            description={t('modules.news.extraParamsHint')}
            defaultValue={Object.entries(module.extraParams).map(([k, v]) => `${k}=${v}`).join('\n')}
            onBlur={(e) => onChange({ ...module, extraParams: paramsOf(e.currentTarget.value) })}
            autosize
            minRows={2}
          />
        </>
      ) : null}
      {module.name === 'ImageFooter' ? (
        <Group gap="md" align="flex-start" grow>
          <TextInput label={t('modules.image.url')} description={t('modules.image.urlHint')} value={module.image.url} onChange={(e) => onChange({ ...module, image: { ...module.image, url: e.currentTarget.value } })} />
          <TextInput label={t('modules.image.alt')} value={module.image.alt} onChange={(e) => onChange({ ...module, image: { ...module.image, alt: e.currentTarget.value } })} maxLength={200} />
        </Group>
      ) : null}
      {module.name === 'ImageFooter' ? (
        <Stack gap="xs">
          <Switch
            label={t('modules.image.opens')}
            checked={module.navigation !== undefined}
            onChange={(e) => {
              const next = { ...module };
              if (e.currentTarget.checked) next.navigation = { page: 'HOME', enrichUrl: false, openInBrowser: false, enrichHarkUrl: false, isBrightKitUrl: false };
              else delete next.navigation;
              onChange(next);
            }}
          />
          {module.navigation ? <NavigationEditor value={module.navigation} onChange={(navigation) => onChange({ ...module, navigation })} /> : null}
        </Stack>
      ) : null}
      <Fieldset legend={t('modules.schedule.legend')}>
        <ScheduleEditor
          value={module.schedule}
          onChange={(schedule) => {
            const next = { ...module };
            if (schedule) next.schedule = schedule;
            else delete next.schedule;
            onChange(next);
          }}
        />
      </Fieldset>
      <ProblemList problems={own} />
      {module.name === 'Favorites' ? <FavoritesEditor module={module} onChange={onChange} languages={languages} available={available} problems={problems} path={path} /> : null}
      {'items' in module ? (
        <ItemsEditor module={module} onChange={onChange} languages={languages} organisation={organisation} problems={problems} path={path} selected={selectedItem} onSelect={onSelectItem} />
      ) : null}
    </Stack>
  );
}

function VariantSelect({ module, onChange }: { module: HomeModule; onChange: (m: HomeModule) => void }) {
  const { t } = useTranslation();
  const options: readonly string[] | null =
    module.name === 'News' ? newsVariants : module.name === 'ImageFooter' ? imageFooterVariants : module.name === 'Shortcuts' ? ['smallListCard'] : module.name === 'Favorites' ? null : itemVariants;
  if (!options || !('variant' in module)) return null;
  return (
    <Select
      label={t('modules.module.variant')}
      data={options.map((v) => ({ value: v, label: v }))}
      value={module.variant}
      allowDeselect={false}
      disabled={options.length === 1}
      onChange={(variant) => variant && onChange({ ...module, variant } as HomeModule)}
      w={220}
    />
  );
}

export function ProblemList({ problems }: { problems: Problems }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Stack gap={2} role="alert" data-testid="module-problems">
      {problems.map((p) => (
        <Text key={`${p.path}${p.key}`} size="sm" c="red.9">
          {t([`shared:errors.${p.key}`, 'shared:errors.unknownError'])} <Text span size="xs" c="dimmed">({p.path})</Text>
        </Text>
      ))}
    </Stack>
  );
}

function ItemsEditor({
  module,
  onChange,
  languages,
  organisation,
  problems,
  path,
  selected,
  onSelect,
}: {
  module: ItemModule;
  onChange: (m: HomeModule) => void;
  languages: readonly Language[];
  organisation: string;
  problems: Problems;
  path: string;
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const language = languages[0] ?? 'en';
  const setItems = (items: ModuleItem[]) => onChange({ ...module, items });
  const index = module.items.findIndex((i) => i.id === selected);
  const item = index >= 0 ? module.items[index] : undefined;
  return (
    <Fieldset legend={t('modules.item.legend')}>
      <Stack gap="sm">
        {module.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('modules.item.none')}
          </Text>
        ) : (
          <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('modules.item.legend')}>
            {module.items.map((entry, i) => {
              const title = copyIn(entry.copy, language)?.title || t('modules.item.untitled');
              const broken = problems.some((p) => p.path.startsWith(`${path}.items.${i}.`) || p.path === `${path}.items.${i}`);
              return (
                <Paper component="li" key={entry.id} withBorder p="xs" bg={entry.id === selected ? 'blue.0' : undefined} data-testid={`item-row-${i}`}>
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {title}
                      </Text>
                      {!entry.enabled ? <Badge variant="light" color="gray">{t('modules.off')}</Badge> : null}
                      {entry.segments.rules.length > 0 ? <Badge variant="light">{t('modules.item.segmented', { count: entry.segments.rules.length })}</Badge> : null}
                      {broken ? <Badge variant="light" color="red">{t('modules.needsWork')}</Badge> : null}
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('modules.moveUp', { name: title })} disabled={i === 0} onClick={() => setItems(move(module.items, i, -1))}>
                        <span aria-hidden="true">↑</span>
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={t('modules.moveDown', { name: title })} disabled={i === module.items.length - 1} onClick={() => setItems(move(module.items, i, 1))}>
                        <span aria-hidden="true">↓</span>
                      </ActionIcon>
                      <Button size="xs" variant={entry.id === selected ? 'filled' : 'light'} onClick={() => onSelect(entry.id === selected ? null : entry.id)} aria-expanded={entry.id === selected}>
                        {t('modules.item.edit', { name: title })}
                      </Button>
                      <ActionIcon variant="subtle" color="red" aria-label={t('modules.item.remove', { name: title })} onClick={() => setItems(module.items.filter((x) => x.id !== entry.id))}>
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        <Group>
          <Button
            variant="light"
            disabled={module.items.length >= MODULE_MAX_ITEMS}
            onClick={() => {
              const created = newItem(language, t('modules.item.newTitle'));
              setItems([...module.items, created]);
              onSelect(created.id);
            }}
          >
            {t('modules.item.add')}
          </Button>
        </Group>
        {item ? (
          <Paper withBorder p="md" component="section" aria-label={t('modules.item.editing', { name: copyIn(item.copy, language)?.title ?? '' })}>
            <ItemEditor
              index={index}
              item={item}
              languages={languages}
              organisation={organisation}
              fixedVariant={module.name === 'Shortcuts'}
              problems={problems.filter((p) => p.path.startsWith(`${path}.items.${index}.`) || p.path === `${path}.items.${index}`)}
              onChange={(next) => setItems(module.items.map((x, i) => (i === index ? next : x)))}
            />
          </Paper>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** The favorites a customer can pick from: the invoice always, the conditional ones only where the organisation has the service. */
function FavoritesEditor({
  module,
  onChange,
  languages,
  available,
  problems,
  path,
}: {
  module: FavoritesModule;
  onChange: (m: HomeModule) => void;
  languages: readonly Language[];
  available: FavoriteAvailability | undefined;
  problems: Problems;
  path: string;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<string | null>(null);
  const offered = (name: string) => !isConditionalFavorite(name) || (available?.[name] ?? false);
  const listed = new Set(module.favorites.map((f) => f.name));
  const addable = favoriteNames.filter((n) => !listed.has(n) && offered(n));
  const setFavorites = (favorites: FavoritesModule['favorites']) => onChange({ ...module, favorites });
  const favoriteName = (code: string) => t(`modules.favoriteNames.${code}`, { defaultValue: code });
  return (
    <Fieldset legend={t('modules.favorites.legend')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('modules.favorites.hint')}
        </Text>
        {module.favorites.map((favorite, i) => {
          const required = favorite.name === REQUIRED_FAVORITE;
          const unavailable = !offered(favorite.name);
          const broken = problems.filter((p) => p.path.startsWith(`${path}.favorites.${i}`));
          const name = favoriteName(favorite.name);
          return (
            <Paper key={favorite.name} withBorder p="xs" data-testid={`favorite-${favorite.name}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Checkbox
                      label={
                        <>
                          {name}{' '}
                          <Text span size="xs" c="dimmed" ff="monospace">
                            {favorite.name}
                          </Text>
                        </>
                      }
                      checked={favorite.enabled}
                      disabled={required || (unavailable && !favorite.enabled)}
                      onChange={(e) => setFavorites(module.favorites.map((f, j) => (j === i ? { ...f, enabled: e.currentTarget.checked } : f)))}
                    />
                    {required ? <Badge variant="light">{t('modules.favorites.required')}</Badge> : null}
                    {unavailable ? <Badge variant="light" color="orange">{t('modules.favorites.unavailable')}</Badge> : null}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('modules.moveUp', { name })} disabled={i === 0} onClick={() => setFavorites(move(module.favorites, i, -1))}>
                      <span aria-hidden="true">↑</span>
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t('modules.moveDown', { name })} disabled={i === module.favorites.length - 1} onClick={() => setFavorites(move(module.favorites, i, 1))}>
                      <span aria-hidden="true">↓</span>
                    </ActionIcon>
                    {!required ? (
                      <ActionIcon variant="subtle" color="red" aria-label={t('modules.favorites.remove', { name })} onClick={() => setFavorites(module.favorites.filter((_, j) => j !== i))}>
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Group>
                <CopyColumns
                  idPrefix={`favorite-${i}`}
                  languages={languages}
                  fields={[
                    { key: 'title', max: MODULE_TITLE_MAX },
                    { key: 'description', max: MODULE_BODY_MAX },
                  ]}
                  value={favorite.copy}
                  onChange={(copy) => setFavorites(module.favorites.map((f, j) => (j === i ? { ...f, copy: copy as typeof f.copy } : f)))}
                />
                <ProblemList problems={broken} />
              </Stack>
            </Paper>
          );
        })}
        <Group align="flex-end">
          <Select label={t('modules.favorites.add')} data={addable.map((n) => ({ value: n, label: favoriteName(n) }))} value={adding} onChange={setAdding} w={300} disabled={addable.length === 0} />
          <Button
            variant="light"
            disabled={!adding}
            onClick={() => {
              if (!adding) return;
              setFavorites([...module.favorites, favoriteEntry(adding as FavoritesModule['favorites'][number]['name'])]);
              setAdding(null);
            }}
          >
            {t('modules.favorites.addButton')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
