import { useMemo, useState } from 'react';
import { Anchor, Badge, Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flagCatalogue, flagContexts, flagTypes, type FlagDescriptor } from '@gridline/contracts/settings-flags';
import { useShell } from '../../shared/api/shell-context.ts';
import { useSettingsDraft } from '../../shared/settings/use-settings-draft.ts';
import { Page, PageNotReady } from '../../shared/ui/page.tsx';
import { DraftBar } from '../../shared/settings/settings-draft-bar.tsx';

type Part = { flags: Record<string, unknown>; backOfficePages: Record<string, unknown> };

const periods = ['total', 'year', 'month', 'week', 'day'] as const;
const parameters = ['consumption', 'cost', 'production', 'co2cost'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The words of a list flag's option: the languages' own names, the service and sign-in names the back office uses elsewhere. */
function optionLabel(t: (key: string) => string, flag: FlagDescriptor, option: string): string {
  switch (flag.key) {
    case 'LANGUAGES':
      return t(`languages.${option}`);
    case 'SIGN_IN_METHODS':
      return t(`customers.signInTypes.${option}`);
    case 'HIDDEN_SERVICE_TYPES':
      return t(`featureFlags.services.${option}`);
    default:
      return t(`featureFlags.options.${option}`);
  }
}

/** One flag's control: a switch, checkboxes, a number, or the analysis page's hidden parameters per period. */
function FlagControl({ flag, value, onChange, label }: { flag: FlagDescriptor; value: unknown; onChange: (value: unknown) => void; label: string }) {
  const { t } = useTranslation();
  if (flag.kind === 'boolean') return <Switch label={label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
  if (flag.kind === 'number') {
    return (
      <NumberInput
        label={label}
        min={flag.min}
        max={flag.max}
        clampBehavior="strict"
        allowDecimal={false}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : flag.min)}
        w={160}
      />
    );
  }
  if (flag.kind === 'list') {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    return (
      <Checkbox.Group
        label={label}
        value={chosen}
        onChange={(next) =>
          onChange(
            flag.options
              .filter((o) => next.includes(o))
              .sort((a, b) => (chosen.includes(a) ? chosen.indexOf(a) : 99) - (chosen.includes(b) ? chosen.indexOf(b) : 99)),
          )
        }
        error={flag.min && chosen.length < flag.min ? t('featureFlags.atLeastOne') : undefined}
      >
        <Group mt={4} gap="sm">
          {flag.options.map((option) => (
            <Checkbox key={option} value={option} label={optionLabel(t, flag, option)} />
          ))}
        </Group>
      </Checkbox.Group>
    );
  }
  const record = (value ?? {}) as Record<string, string[]>;
  return (
    <Stack gap={6} role="group" aria-label={label}>
      {periods.map((period) => (
        <Checkbox.Group
          key={period}
          label={t(`featureFlags.periods.${period}`)}
          value={record[period] ?? []}
          onChange={(next) => {
            const { [period]: _, ...rest } = record;
            onChange(next.length > 0 ? { ...rest, [period]: parameters.filter((p) => next.includes(p)) } : rest);
          }}
        >
          <Group gap="sm" mt={2}>
            {parameters.map((p) => (
              <Checkbox key={p} value={p} label={t(`featureFlags.parameters.${p}`)} size="xs" />
            ))}
          </Group>
        </Checkbox.Group>
      ))}
    </Stack>
  );
}

/**
 * Feature flags (issue 18, decision 0059): every flag of the catalogue with what it does, where it
 * takes effect (app, bridge, shared, server) and whether it is a product choice or a release
 * toggle; filtered by context, type and a search; saved as the feature-flags draft and published
 * on the Releases page. A flag that gates a back-office page links to it.
 */
export function FeatureFlagsPage() {
  const { t } = useTranslation();
  const { organisation } = useShell();
  const org = organisation.slug;
  const { draft, save, discard } = useSettingsDraft(org, 'feature-flags');
  // What the editor changed since the draft's revision it loaded; a saved or reloaded draft (a new revision) starts afresh.
  const [edit, setEdit] = useState<{ revision: number; values: Part } | null>(null);
  const [context, setContext] = useState('');
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');

  const merged = draft.data?.merged as Part | undefined;
  const revision = draft.data?.revision ?? -1;
  const loaded: Part | null = merged ? { flags: merged.flags, backOfficePages: merged.backOfficePages ?? {} } : null;
  const values: Part | null = edit && edit.revision === revision ? edit.values : loaded;
  const live = draft.data?.live as Part | undefined;

  const name = (flag: FlagDescriptor) => t(`featureFlags.names.${flag.key}`);
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return flagCatalogue.filter(
      (flag) =>
        (!context || flag.context === context) &&
        (!type || flag.type === type) &&
        (!words ||
          [flag.key, t(`featureFlags.names.${flag.key}`), t(`featureFlags.descriptions.${flag.key}`)].some((text) => text.toLowerCase().includes(words))),
    );
  }, [context, type, search, t]);

  if (draft.error || !draft.data || !values) return <PageNotReady title={t('featureFlags.title')} intro={t('featureFlags.intro')} query={draft} />;
  const dirty = !same(values, loaded);
  const set = (flag: FlagDescriptor, value: unknown) =>
    setEdit({ revision, values: { ...values, [flag.group]: { ...values[flag.group], [flag.key]: value } } });
  const issueLabel = (path: string) => {
    const [group, key] = path.split('.');
    const flag = flagCatalogue.find((f) => f.group === group && f.key === key);
    return flag ? name(flag) : path;
  };

  return (
    <Page title={t('featureFlags.title')} intro={t('featureFlags.intro')}>
      <DraftBar
        organisation={org}
        draft={draft.data}
        dirty={dirty}
        saving={save.isPending}
        discarding={discard.isPending}
        saveError={save.error}
        discardError={discard.error}
        issueLabel={issueLabel}
        onSave={() =>
          save.mutate(values, {
            onSuccess: () => notifications.show({ color: 'green', message: t('featureFlags.saved') }),
          })
        }
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
      <Group align="flex-end" wrap="wrap" role="search" aria-label={t('featureFlags.filters.legend')}>
        <Select
          label={t('featureFlags.filters.context')}
          data={[{ value: '', label: t('featureFlags.filters.any') }, ...flagContexts.map((c) => ({ value: c, label: t(`featureFlags.contexts.${c}`) }))]}
          value={context}
          onChange={(v) => setContext(v ?? '')}
          allowDeselect={false}
          w={180}
        />
        <Select
          label={t('featureFlags.filters.type')}
          data={[{ value: '', label: t('featureFlags.filters.any') }, ...flagTypes.map((c) => ({ value: c, label: t(`featureFlags.types.${c}`) }))]}
          value={type}
          onChange={(v) => setType(v ?? '')}
          allowDeselect={false}
          w={180}
        />
        <TextInput label={t('featureFlags.filters.search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={260} type="search" />
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('featureFlags.count', { count: shown.length, total: flagCatalogue.length })}
      </Text>
      {shown.length === 0 ? (
        <Text c="dimmed">{t('featureFlags.filters.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((flag) => {
            const value = values[flag.group][flag.key];
            const changedFromLive = live ? !same(value, live[flag.group]?.[flag.key]) : false;
            const issue = draft.data?.issues.find((i) => i.path === `${flag.group}.${flag.key}` || i.path.startsWith(`${flag.group}.${flag.key}.`));
            return (
              <Card key={`${flag.group}.${flag.key}`} withBorder component="li" data-testid={`flag-${flag.key}`} aria-label={name(flag)}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text size="xs" c="dimmed" ff="monospace">
                      {flag.group === 'flags' ? flag.key : `backOfficePages.${flag.key}`}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Badge size="xs" variant="outline" color="gray">
                        {t(`featureFlags.contexts.${flag.context}`)}
                      </Badge>
                      <Badge size="xs" variant="light" color={flag.type === 'release' ? 'violet' : 'blue'}>
                        {t(`featureFlags.types.${flag.type}`)}
                      </Badge>
                    </Group>
                  </Group>
                  <FlagControl flag={flag} value={value} onChange={(v) => set(flag, v)} label={name(flag)} />
                  <Text size="sm" c="dimmed">
                    {t(`featureFlags.descriptions.${flag.key}`)}
                  </Text>
                  {changedFromLive && (
                    <Text size="xs" c="blue.8" data-testid="flag-changed">
                      {t('featureFlags.changedFromLive')}
                    </Text>
                  )}
                  {issue && (
                    <Text size="xs" c="red.8" role="alert">
                      {t([`shared:errors.${issue.message.split(':')[0]}`, 'releases.draftBar.invalidValue'])}
                    </Text>
                  )}
                  {flag.page && (
                    <Anchor component={Link} to={`/${org}/${flag.page}`} size="xs">
                      {t('featureFlags.openPage', { page: name(flag) })}
                    </Anchor>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Page>
  );
}
