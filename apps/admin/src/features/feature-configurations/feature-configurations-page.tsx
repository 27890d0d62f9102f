import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError } from '@gridline/client/errors';
import {
  configurationCategories,
  FIELD_MAX_NUMBER,
  FeatureConfigurationsRelease,
  knownConfigurations,
  mayWriteField,
  privateCategories,
  sideFields,
  StoredFeatureConfigurations,
  type ConfigurationDefinition,
  type ConfigurationField,
  type FieldVisibility,
} from '@gridline/contracts/settings-configurations';
import { draftPartSchemas, type SettingsDraft } from '@gridline/contracts/settings-parts';
import type { StaffScope } from '@gridline/contracts/staff';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShell } from '../../shared/api/shell-context.ts';
import { useSettingsDraft } from '../../shared/settings/use-settings-draft.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';

type Json = Record<string, unknown>;
type Errors = Record<string, string>;
const definitions = knownConfigurations as readonly ConfigurationDefinition[];

const at = (value: unknown, path: string[]): unknown => path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), value);
function setAt(value: Json, path: string[], next: unknown): Json {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = (value[head] && typeof value[head] === 'object' ? value[head] : {}) as Json;
  return { ...value, [head]: rest.length === 0 ? next : setAt(inner, rest, next) };
}

/** The zod issues of a schema as field paths and their first message key. */
function issuesOf(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } },
  value: unknown,
): Errors {
  const result = schema.safeParse(value);
  const out: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    out[path] ??= issue.message;
  }
  return out;
}

/**
 * Feature configurations (issue 18, decision 0057): forms made from the configurations' field
 * lists, grouped by category. Each field is editable or read-only for the signed-in staff member
 * as its permissions say, checked before saving with the schema the server uses, and saved to the
 * part's draft; publishing happens on the Releases page.
 */
export function FeatureConfigurationsPage() {
  const { t } = useTranslation();
  const { organisation, info } = useShell();
  const settings = useSettingsDraft(organisation.slug, 'feature-configurations');
  const { draft } = settings;
  if (draft.isPending) {
    return (
      <Page title={t('featureConfigurations.title')} intro={t('featureConfigurations.intro')}>
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('featureConfigurations.loading')}</Text>
        </Group>
      </Page>
    );
  }
  if (draft.isError) {
    return (
      <Page title={t('featureConfigurations.title')} intro={t('featureConfigurations.intro')}>
        <ErrorAlert error={draft.error} onRetry={() => void draft.refetch()} />
      </Page>
    );
  }

  // A new revision (saved, discarded, reloaded) starts the form again from it.
  return <ConfigurationsForm key={draft.data.revision} settings={settings} draft={draft.data} organisation={organisation.slug} scope={info.admin.scope} />;
}

function ConfigurationsForm({
  settings,
  draft: data,
  organisation,
  scope,
}: {
  settings: ReturnType<typeof useSettingsDraft>;
  draft: SettingsDraft;
  organisation: string;
  scope: StaffScope;
}) {
  const { t } = useTranslation();
  const { draft, save, discard } = settings;
  // What the editor holds: the merged draft with every default filled in.
  const [value, setValue] = useState<Json>(() => (StoredFeatureConfigurations.safeParse(data.merged).data as Json | undefined) ?? data.merged);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);

  const serverIssues = useMemo(() => Object.fromEntries(data.issues.map((i) => [i.path, i.message])), [data]);
  const shownErrors = attempted ? errors : { ...serverIssues, ...errors };

  const change = (path: string[], next: unknown) => {
    const updated = setAt(value, path, next);
    setValue(updated);
    if (attempted) setErrors(validate(updated));
  };

  /** Every rule of a release, with the value rules of a draft first. */
  const validate = (content: Json): Errors => ({
    ...issuesOf(FeatureConfigurationsRelease, content),
    ...issuesOf(draftPartSchemas['feature-configurations'], content),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(value);
    setErrors(found);
    setAttempted(true);
    // A rule broken in a field this person cannot change does not stop them saving their own fields.
    const blocking = Object.keys(found).filter((path) => {
      const [side, key, name] = path.split('.');
      const definition = definitions.find((d) => d.key === key);
      const field = definition && sideFields(definition, side as FieldVisibility).find((f) => f.key === name);
      return !field || mayWriteField(scope, field.permissions);
    });
    if (blocking.length > 0) {
      document.getElementById(`cfg-${blocking[0]!.split('.').slice(0, 3).join('-')}`)?.focus();
      return;
    }
    save.mutate(value, { onSuccess: () => notifications.show({ color: 'green', message: t('featureConfigurations.saved') }) });
  };

  const stale = isApiError(save.error) && save.error.key === 'DRAFT_STALE';
  const categories = configurationCategories.filter((c) => definitions.some((d) => d.category === c));
  const releaseIssues = data.issues;

  return (
    <Page
      title={t('featureConfigurations.title')}
      intro={t('featureConfigurations.intro')}
      actions={
        <Anchor component={Link} to={`/${organisation}/releases`}>
          {t('featureConfigurations.toReleases')}
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('featureConfigurations.title')}>
        <Stack gap="lg">
          <Text size="sm" role="status">
            {data.changed ? t('featureConfigurations.changed') : t('featureConfigurations.unchanged')}
          </Text>
          {releaseIssues.length > 0 && !attempted && (
            <Alert color="yellow" title={t('featureConfigurations.releaseIssues')}>
              <ul>
                {releaseIssues.map((issue) => (
                  <li key={issue.path}>
                    {labelOfPath(t, issue.path)}: {t(`shared:errors.${issue.message}`, { defaultValue: issue.message })}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {attempted && Object.keys(errors).length > 0 && (
            <Alert color="red" role="alert">
              {t('featureConfigurations.fixErrors')}
            </Alert>
          )}
          {categories.length === 0 && <Text>{t('featureConfigurations.empty')}</Text>}
          {categories.map((category) => (
            <section key={category} aria-labelledby={`category-${category}`}>
              <Stack gap="md">
                <div>
                  <Title order={2} size="h3" id={`category-${category}`}>
                    {t(`featureConfigurations.categories.${category}`)}
                  </Title>
                  {privateCategories.includes(category) && (
                    <Text size="sm" c="dimmed">
                      {t('featureConfigurations.privateCategory')}
                    </Text>
                  )}
                </div>
                {definitions
                  .filter((d) => d.category === category)
                  .map((definition) => (
                    <ConfigurationCard key={definition.key} definition={definition} value={value} errors={shownErrors} scope={scope} onChange={change} />
                  ))}
              </Stack>
            </section>
          ))}
          {save.error && !stale && <ErrorAlert error={save.error} title={t('featureConfigurations.saveFailed')} />}
          {stale && (
            <Alert color="yellow" role="alert">
              <Text size="sm">{t('featureConfigurations.stale')}</Text>
              <Button mt="sm" size="xs" variant="light" onClick={() => void draft.refetch().then(() => save.reset())}>
                {t('featureConfigurations.reload')}
              </Button>
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('featureConfigurations.save')}
            </Button>
            {data.content !== null && (
              <Button
                variant="default"
                loading={discard.isPending}
                onClick={() => discard.mutate(undefined, { onSuccess: () => notifications.show({ message: t('featureConfigurations.discarded') }) })}
              >
                {t('featureConfigurations.discard')}
              </Button>
            )}
          </Group>
          {discard.error && <ErrorAlert error={discard.error} />}
        </Stack>
      </form>
    </Page>
  );
}

/** A field's path (`protected.homeside.accountName`) in words. */
function labelOfPath(t: ReturnType<typeof useTranslation>['t'], path: string): string {
  const [, key, field] = path.split('.');
  const configuration = t(`featureConfigurations.configurations.${key}.label`, { defaultValue: key ?? path });
  if (!field) return configuration;
  const name = field === 'enabled' ? t('featureConfigurations.enabled') : t(`featureConfigurations.fields.${key}.${field}.label`, { defaultValue: field });
  return `${configuration}, ${name}`;
}

function ConfigurationCard({
  definition,
  value,
  errors,
  scope,
  onChange,
}: {
  definition: ConfigurationDefinition;
  value: Json;
  errors: Errors;
  scope: StaffScope;
  onChange: (path: string[], next: unknown) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  // The switch first, then the fields in their order, each on its own side.
  const fields = (['public', 'protected'] as const)
    .flatMap((side) => sideFields(definition, side).map((field) => ({ side, field })))
    .sort((a, b) =>
      a.field.key === 'enabled'
        ? -1
        : b.field.key === 'enabled'
          ? 1
          : definition.fields.findIndex((f) => f.key === a.field.key) - definition.fields.findIndex((f) => f.key === b.field.key),
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {t(`featureConfigurations.configurations.${definition.key}.label`, { defaultValue: definition.label })}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`featureConfigurations.configurations.${definition.key}.description`, { defaultValue: definition.description })}
          </Text>
        </div>
        {fields.map(({ side, field }) => {
          const path = [side, definition.key, field.key];
          return (
            <FieldInput
              key={path.join('.')}
              configuration={definition.key}
              field={field}
              path={path}
              value={at(value, path)}
              error={errors[path.join('.')]}
              scope={scope}
              onChange={(next) => onChange(path, next)}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}

function FieldInput({
  configuration,
  field,
  path,
  value,
  error,
  scope,
  onChange,
}: {
  configuration: string;
  field: ConfigurationField;
  path: string[];
  value: unknown;
  error: string | undefined;
  scope: StaffScope;
  onChange: (next: unknown) => void;
}) {
  const { t } = useTranslation();
  const id = `cfg-${path.join('-')}`;
  const writable = mayWriteField(scope, field.permissions);
  const nobody = !Object.values(field.permissions).includes('READ/WRITE');
  const label =
    field.key === 'enabled'
      ? t('featureConfigurations.enabled')
      : t(`featureConfigurations.fields.${configuration}.${field.key}.label`, { defaultValue: field.label });
  const described =
    field.key === 'enabled' ? '' : t(`featureConfigurations.fields.${configuration}.${field.key}.description`, { defaultValue: field.description ?? '' });
  const range =
    field.type === 'number' && field.min !== undefined && field.max !== undefined ? t('featureConfigurations.range', { min: field.min, max: field.max }) : '';
  const readOnlyText = nobody ? t('featureConfigurations.readOnlyAll') : t('featureConfigurations.readOnlyHint', { scope: t(`scopes.${scope}`) });
  const description = [described, range, writable ? '' : readOnlyText].filter(Boolean).join(' · ');
  const message = error ? t(`shared:errors.${error}`, { defaultValue: t('shared:errors.generic') }) : undefined;
  const badges = (
    <Group gap={4} component="span" style={{ display: 'inline-flex' }}>
      <Badge
        size="xs"
        variant="light"
        color={field.visibility === 'public' ? 'blue' : 'gray'}
        title={t(field.visibility === 'public' ? 'featureConfigurations.publicHint' : 'featureConfigurations.protectedHint')}
      >
        {t(`featureConfigurations.${field.visibility}`)}
      </Badge>
      {!writable && (
        <Badge size="xs" variant="outline" color="dark">
          {t('featureConfigurations.readOnly')}
        </Badge>
      )}
    </Group>
  );
  const labelNode = (
    <Group gap={6} component="span" style={{ display: 'inline-flex' }}>
      <span>{label}</span>
      {badges}
    </Group>
  );
  const common = { id, label: labelNode, description: description || undefined, error: message, readOnly: !writable, required: field.required };

  switch (field.type) {
    case 'boolean':
      return (
        <Switch
          id={id}
          label={labelNode}
          description={description || undefined}
          error={message}
          checked={value === true}
          disabled={!writable}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : typeof value === 'string' ? value : ''}
          min={field.min ?? 0}
          max={field.max ?? FIELD_MAX_NUMBER}
          onChange={(next) => onChange(next === '' ? undefined : next)}
          maw={240}
        />
      );
    case 'enum':
      return (
        <Select
          {...common}
          data={[...(field.options ?? [])]}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next ?? undefined)}
          allowDeselect={!field.required}
          maw={320}
        />
      );
    case 'enumArray':
      return (
        <Checkbox.Group
          label={labelNode}
          description={description || undefined}
          error={message}
          required={field.required}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next) => onChange(next)}
        >
          <Group gap="md" mt={4}>
            {(field.options ?? []).map((option) => (
              <Checkbox key={option} value={option} label={option} disabled={!writable} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'stringArray':
    case 'emailArray':
    case 'urlArray':
      return <TagsInput {...common} value={Array.isArray(value) ? (value as string[]) : []} onChange={(next) => onChange(next)} disabled={!writable} />;
    case 'string':
    case 'email':
    case 'url':
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value === '' && !field.required ? undefined : e.currentTarget.value)}
          maw={480}
        />
      );
    default:
      return (
        <Text size="sm">
          {label}: {t('featureConfigurations.notSupported')}
        </Text>
      );
  }
}
