import { Badge, Checkbox, ColorInput, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contrast, TEXT_CONTRAST } from '@gridline/contracts/colors';
import type { Language } from '@gridline/contracts/enums';
import {
  contentNavigationTargets,
  itemVariants,
  MODULE_BODY_MAX,
  MODULE_LABEL_MAX,
  MODULE_TITLE_MAX,
  type ItemColours,
  type ModuleItem,
  type Navigation,
  type Schedule,
} from '@gridline/contracts/settings-modules';
import { appPageSelect } from '../../shared/app-pages.tsx';
import { SegmentRuleSetEditor } from '../../shared/segments/segment-rule-set-editor.tsx';
import { defaultColours, fromLocalInput, toLocalInput } from './model.ts';

/** The texts of an item (or a module's heading) in each language, side by side. */
export function CopyColumns<F extends string>({
  languages,
  fields,
  value,
  onChange,
  idPrefix,
}: {
  languages: readonly Language[];
  fields: ReadonlyArray<{ key: F; multiline?: boolean; max: number }>;
  value: Partial<Record<Language, Partial<Record<F, string>>>>;
  onChange: (next: Partial<Record<Language, Record<F, string>>>) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    title: t('modules.copy.title'),
    body: t('modules.copy.body'),
    label: t('modules.copy.label'),
    selectorTitle: t('modules.copy.selectorTitle'),
    selectorDescription: t('modules.copy.selectorDescription'),
    description: t('modules.copy.description'),
  };
  const set = (language: Language, field: F, text: string) => {
    const current = { ...Object.fromEntries(fields.map((f) => [f.key, ''])), ...(value[language] ?? {}) } as Record<F, string>;
    const next = { ...value, [language]: { ...current, [field]: text } } as Partial<Record<Language, Record<F, string>>>;
    // A language left with no text at all is not a language of the item.
    if (Object.values(next[language] as Record<string, string>).every((v) => v === '')) delete next[language];
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 1, md: Math.min(languages.length, 3) }} spacing="sm">
      {languages.map((language) => (
        <Fieldset key={language} legend={t(`languages.${language}`)} data-testid={`${idPrefix}-copy-${language}`} p="xs">
          <Stack gap={6}>
            {fields.map((field) => {
              const props = {
                label: labels[field.key] ?? field.key,
                value: value[language]?.[field.key] ?? '',
                maxLength: field.max,
                onChange: (event: { currentTarget: { value: string } }) => set(language, field.key, event.currentTarget.value),
              };
              return field.multiline ? <Textarea key={field.key} {...props} autosize minRows={2} /> : <TextInput key={field.key} {...props} />;
            })}
          </Stack>
        </Fieldset>
      ))}
    </SimpleGrid>
  );
}

/** A colour with its contrast against another, refused (red) below AA for text. */
function ColourField({ label, value, against, onChange, checkText }: { label: string; value: string; against?: string; onChange: (v: string) => void; checkText?: boolean }) {
  const { t } = useTranslation();
  const valid = /^#[0-9a-fA-F]{6}$/;
  const ratio = checkText && against && valid.test(value) && valid.test(against) ? contrast(value, against) : null;
  return (
    <Stack gap={2}>
      <ColorInput label={label} value={value} onChange={onChange} format="hex" w={170} />
      {ratio !== null ? (
        <Text size="xs" c={ratio >= TEXT_CONTRAST ? 'teal.9' : 'red.9'} data-testid="contrast">
          {t(ratio >= TEXT_CONTRAST ? 'modules.theme.contrastOk' : 'modules.theme.contrastLow', { ratio: ratio.toFixed(2), min: TEXT_CONTRAST })}
        </Text>
      ) : null}
    </Stack>
  );
}

function ColoursEditor({ legend, value, onChange }: { legend: string; value: ItemColours; onChange: (v: ItemColours) => void }) {
  const { t } = useTranslation();
  const background = value.backgroundColors[0] ?? '#ffffff';
  return (
    <Fieldset legend={legend} p="xs">
      <Group align="flex-start" gap="md" wrap="wrap">
        <ColourField label={t('modules.theme.background')} value={background} onChange={(v) => onChange({ ...value, backgroundColors: [v, ...value.backgroundColors.slice(1)] })} />
        <ColourField label={t('modules.theme.foreground')} value={value.foregroundColor} against={background} checkText onChange={(v) => onChange({ ...value, foregroundColor: v })} />
        <ColourField label={t('modules.theme.accentBackground')} value={value.accentBackgroundColor} onChange={(v) => onChange({ ...value, accentBackgroundColor: v })} />
        <ColourField label={t('modules.theme.accent')} value={value.accentColor} against={value.accentBackgroundColor} checkText onChange={(v) => onChange({ ...value, accentColor: v })} />
      </Group>
    </Fieldset>
  );
}

export function NavigationEditor({ value, onChange }: { value: Navigation; onChange: (v: Navigation) => void }) {
  const { t } = useTranslation();
  const external = value.page === 'EXTERNAL_URL';
  const flag = (key: 'enrichUrl' | 'openInBrowser' | 'enrichHarkUrl' | 'isBrightKitUrl') => (
    <Checkbox key={key} label={t(`modules.navigation.${key}`)} checked={value[key]} onChange={(e) => onChange({ ...value, [key]: e.currentTarget.checked })} />
  );
  return (
    <Stack gap="xs">
      <Select
        label={t('modules.navigation.page')}
        {...appPageSelect(t, contentNavigationTargets)}
        value={value.page}
        searchable
        allowDeselect={false}
        onChange={(page) => {
          if (!page) return;
          const next: Navigation = { ...value, page: page as Navigation['page'] };
          if (page !== 'EXTERNAL_URL') delete next.url;
          onChange(next);
        }}
        w={320}
      />
      {external ? (
        <>
          <TextInput label={t('modules.navigation.url')} type="url" value={value.url ?? ''} placeholder="https://" onChange={(e) => onChange({ ...value, url: e.currentTarget.value })} maxLength={2000} />
          <Group gap="md">{(['enrichUrl', 'openInBrowser', 'enrichHarkUrl', 'isBrightKitUrl'] as const).map(flag)}</Group>
        </>
      ) : null}
    </Stack>
  );
}

export function ScheduleEditor({ value, onChange }: { value: Schedule | undefined; onChange: (v: Schedule | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Switch
        label={t('modules.schedule.scheduled')}
        checked={value !== undefined}
        onChange={(e) => onChange(e.currentTarget.checked ? { startDate: new Date().toISOString() } : undefined)}
      />
      {value ? (
        <Group gap="md">
          <TextInput type="datetime-local" label={t('modules.schedule.start')} value={toLocalInput(value.startDate)} onChange={(e) => onChange({ ...value, startDate: fromLocalInput(e.currentTarget.value) ?? value.startDate })} />
          <TextInput
            type="datetime-local"
            label={t('modules.schedule.end')}
            description={t('modules.schedule.endHint')}
            value={toLocalInput(value.endDate)}
            onChange={(e) => {
              const endDate = fromLocalInput(e.currentTarget.value);
              const next: Schedule = { startDate: value.startDate };
              if (endDate) next.endDate = endDate;
              onChange(next);
            }}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/** One card: on or off, its layout, texts per language, where it leads, colours, icon, schedule and who sees it. */
export function ItemEditor({
  item,
  onChange,
  languages,
  organisation,
  fixedVariant,
  problems,
  index,
}: {
  item: ModuleItem;
  onChange: (item: ModuleItem) => void;
  languages: readonly Language[];
  organisation: string;
  fixedVariant: boolean;
  problems: ReadonlyArray<{ path: string; key: string }>;
  index: number;
}) {
  const { t } = useTranslation();
  const themed = item.theme !== undefined;
  return (
    <Stack gap="md" data-testid={`item-editor-${index}`}>
      <Group gap="lg" align="flex-end">
        <Switch label={t('modules.item.enabled')} checked={item.enabled} onChange={(e) => onChange({ ...item, enabled: e.currentTarget.checked })} />
        {!fixedVariant ? (
          <Select
            label={t('modules.item.variant')}
            placeholder={t('modules.item.variantOfModule')}
            data={itemVariants.map((v) => ({ value: v, label: v }))}
            value={item.variant ?? null}
            clearable
            onChange={(v) => {
              const next = { ...item };
              if (v) next.variant = v as ModuleItem['variant'];
              else delete next.variant;
              onChange(next);
            }}
            w={220}
          />
        ) : null}
      </Group>
      <Fieldset legend={t('modules.item.texts')}>
        <CopyColumns
          idPrefix={`item-${index}`}
          languages={languages}
          fields={[
            { key: 'title', max: MODULE_TITLE_MAX },
            { key: 'body', max: MODULE_BODY_MAX, multiline: true },
            { key: 'label', max: MODULE_LABEL_MAX },
          ]}
          value={item.copy}
          onChange={(copy) => onChange({ ...item, copy: copy as ModuleItem['copy'] })}
        />
      </Fieldset>
      <Fieldset legend={t('modules.navigation.legend')}>
        <NavigationEditor value={item.navigation} onChange={(navigation) => onChange({ ...item, navigation })} />
      </Fieldset>
      <Fieldset legend={t('modules.theme.legend')}>
        <Stack gap="xs">
          <Switch
            label={t('modules.theme.own')}
            checked={themed}
            onChange={(e) => {
              const next = { ...item };
              if (e.currentTarget.checked) next.theme = { light: defaultColours('#1f3a5f') };
              else delete next.theme;
              onChange(next);
            }}
          />
          {item.theme ? (
            <>
              <ColoursEditor legend={t('modules.theme.light')} value={item.theme.light} onChange={(light) => onChange({ ...item, theme: { ...item.theme!, light } })} />
              <Switch
                label={t('modules.theme.hasDark')}
                checked={item.theme.dark !== undefined}
                onChange={(e) => {
                  const theme = { ...item.theme! };
                  if (e.currentTarget.checked) theme.dark = defaultColours('#1f2937');
                  else delete theme.dark;
                  onChange({ ...item, theme });
                }}
              />
              {item.theme.dark ? <ColoursEditor legend={t('modules.theme.dark')} value={item.theme.dark} onChange={(dark) => onChange({ ...item, theme: { ...item.theme!, dark } })} /> : null}
            </>
          ) : null}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('modules.icon.legend')}>
        <Group gap="md">
          <TextInput label={t('modules.icon.type')} value={item.icon?.type ?? ''} onChange={(e) => onChange(withIcon(item, e.currentTarget.value, item.icon?.name ?? ''))} maxLength={40} />
          <TextInput label={t('modules.icon.name')} value={item.icon?.name ?? ''} onChange={(e) => onChange(withIcon(item, item.icon?.type ?? '', e.currentTarget.value))} maxLength={100} />
        </Group>
      </Fieldset>
      <Fieldset legend={t('modules.schedule.legend')}>
        <ScheduleEditor
          value={item.schedule}
          onChange={(schedule) => {
            const next = { ...item };
            if (schedule) next.schedule = schedule;
            else delete next.schedule;
            onChange(next);
          }}
        />
      </Fieldset>
      <Fieldset legend={t('modules.item.audience')}>
        <SegmentRuleSetEditor value={item.segments} onChange={(segments) => onChange({ ...item, segments })} organisation={organisation} />
      </Fieldset>
      {problems.length > 0 ? (
        <Stack gap={2} role="alert">
          {problems.map((p) => (
            <Text key={`${p.path}${p.key}`} size="sm" c="red.9">
              <Badge color="red" variant="light" mr={6}>
                {p.path.split('.').slice(4).join('.') || t('modules.item.card')}
              </Badge>
              {t([`shared:errors.${p.key}`, 'shared:errors.unknownError'])}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function withIcon(item: ModuleItem, type: string, name: string): ModuleItem {
  const next = { ...item };
  if (type === '' && name === '') delete next.icon;
  else next.icon = { type, name };
  return next;
}
