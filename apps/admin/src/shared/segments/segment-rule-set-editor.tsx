import { ActionIcon, Alert, Button, Checkbox, Fieldset, Group, List, Loader, NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { previewAudience } from '@gridline/contracts/endpoints/segments';
import {
  operatorsByType,
  SEGMENT_MAX_RULES,
  segmentAttributeNames,
  segmentRuleProblem,
  segmentSpecOf,
  type SegmentAttributeName,
  type SegmentRule,
  type SegmentRuleSet,
} from '@gridline/contracts/segments';
import { client } from '../api/client.ts';
import { isComplete, ruleFor } from './rules.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';

/**
 * The rule-set editor of audiences (spec 002 §3, §5; issue 18, decision 0052): rules of an
 * attribute, a comparison that fits its type and a value input that fits it, matched all (AND) or
 * any (OR). While editing it shows (debounced) how many of the organisation's locations the rules
 * match now and a few example customers, from the server. Kept to three props so that the home
 * modules' editor can reuse it for an item's segments.
 */
export interface SegmentRuleSetEditorProps {
  value: SegmentRuleSet;
  onChange: (next: SegmentRuleSet) => void;
  /** The organisation's slug: whose locations the audience counts. */
  organisation: string;
}

/** Attributes whose values are codes everyone reads as they are (price zones). */
const codeValued: ReadonlySet<SegmentAttributeName> = new Set(['priceZones']);

export function SegmentRuleSetEditor({ value, onChange, organisation }: SegmentRuleSetEditorProps) {
  const { t } = useTranslation();
  const matchId = useId();
  const setRule = (index: number, rule: SegmentRule) => onChange({ ...value, rules: value.rules.map((r, i) => (i === index ? rule : r)) });
  const removeRule = (index: number) => onChange({ ...value, rules: value.rules.filter((_, i) => i !== index) });
  const full = value.rules.length >= SEGMENT_MAX_RULES;

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={matchId}>
            {t('segments.editor.match')}
          </Text>
          <SegmentedControl
            aria-labelledby={matchId}
            value={value.match}
            onChange={(match) => onChange({ ...value, match: match === 'OR' ? 'OR' : 'AND' })}
            data={[
              { value: 'AND', label: t('segments.editor.matchAll') },
              { value: 'OR', label: t('segments.editor.matchAny') },
            ]}
          />
        </Stack>
        <Button variant="light" disabled={full} onClick={() => onChange({ ...value, rules: [...value.rules, ruleFor('propertyType')] })}>
          {t('segments.editor.addRule')}
        </Button>
      </Group>
      {full ? (
        <Text size="sm" c="dimmed">
          {t('segments.editor.maxRules', { max: SEGMENT_MAX_RULES })}
        </Text>
      ) : null}
      {value.rules.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="segments-no-rules">
          {t('segments.editor.noRules')}
        </Text>
      ) : (
        value.rules.map((rule, index) => (
          // Rules have no ids; a rule's place is its identity while editing.
          <RuleRow key={index} index={index} rule={rule} onChange={(r) => setRule(index, r)} onRemove={() => removeRule(index)} />
        ))
      )}
      <AudiencePreview ruleSet={value} organisation={organisation} />
    </Stack>
  );
}

function RuleRow({ index, rule, onChange, onRemove }: { index: number; rule: SegmentRule; onChange: (rule: SegmentRule) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = rule.name as SegmentAttributeName;
  const spec = segmentSpecOf(name);
  const n = index + 1;
  const problem = segmentRuleProblem(rule);
  // A value not yet chosen is not an error to shout about; a wrong one is.
  const showProblem = problem && problem.key !== 'SEGMENT_VALUE_REQUIRED' ? t([`shared:errors.${problem.key}`, 'shared:errors.unknownError']) : null;
  const valueLabel = t('segments.editor.value');
  const labelOf = (v: string) => (codeValued.has(name) ? v : t(`segments.values.${name}.${v}`));
  const valueId = useId();

  let input;
  if (spec.type === 'boolean') {
    input = (
      <Stack gap={4}>
        <Text size="sm" fw={500} id={valueId}>
          {valueLabel}
        </Text>
        <SegmentedControl
          aria-labelledby={valueId}
          value={rule.value === false ? 'false' : 'true'}
          onChange={(v) => onChange({ ...rule, value: v === 'true' })}
          data={[
            { value: 'true', label: t('app.yes') },
            { value: 'false', label: t('app.no') },
          ]}
        />
      </Stack>
    );
  } else if (spec.type === 'number') {
    input = (
      <NumberInput
        label={valueLabel}
        value={typeof rule.value === 'number' ? rule.value : ''}
        onChange={(v) => onChange({ ...rule, value: typeof v === 'number' ? v : Number.NaN })}
        w={160}
      />
    );
  } else if (spec.type === 'string' && spec.values) {
    input = (
      <Select
        label={valueLabel}
        data={spec.values.map((v) => ({ value: v, label: labelOf(v) }))}
        value={typeof rule.value === 'string' ? rule.value : null}
        onChange={(v) => onChange({ ...rule, value: v ?? '' })}
        allowDeselect={false}
        w={240}
      />
    );
  } else if (spec.type === 'string') {
    input = (
      <TextInput
        label={valueLabel}
        description={t('segments.editor.freeTextHint')}
        value={typeof rule.value === 'string' ? rule.value : ''}
        onChange={(event) => onChange({ ...rule, value: event.currentTarget.value })}
        maxLength={100}
        w={240}
      />
    );
  } else {
    input = (
      <Checkbox.Group label={t('segments.editor.values')} value={Array.isArray(rule.value) ? rule.value : []} onChange={(v) => onChange({ ...rule, value: v })}>
        <Group gap="sm" mt={6}>
          {(spec.values ?? []).map((v) => (
            <Checkbox key={v} value={v} label={labelOf(v)} />
          ))}
        </Group>
      </Checkbox.Group>
    );
  }

  return (
    <Fieldset legend={t('segments.editor.rule', { n })} data-testid={`segment-rule-${n}`}>
      <Group align="flex-start" wrap="wrap" gap="md">
        <Select
          label={t('segments.editor.attribute')}
          data={segmentAttributeNames.map((a) => ({ value: a, label: t(`segments.attributes.${a}`) }))}
          value={name}
          onChange={(v) => {
            if (v && v !== name) onChange(ruleFor(v as SegmentAttributeName));
          }}
          allowDeselect={false}
          searchable
          w={260}
        />
        <Select
          label={t('segments.editor.operator')}
          data={operatorsByType[spec.type].map((o) => ({ value: o, label: t(`segments.operators.${o}`) }))}
          value={rule.operator}
          onChange={(v) => {
            if (v) onChange({ ...rule, operator: v as SegmentRule['operator'] });
          }}
          allowDeselect={false}
          w={180}
        />
        <div style={{ flex: '1 1 240px' }}>{input}</div>
        <ActionIcon variant="subtle" color="red" size="lg" mt={24} aria-label={t('segments.editor.removeRule', { n })} onClick={onRemove}>
          <span aria-hidden="true">✕</span>
        </ActionIcon>
      </Group>
      {showProblem ? (
        <Text size="sm" c="red" mt="xs" role="alert">
          {showProblem}
        </Text>
      ) : null}
    </Fieldset>
  );
}

function AudiencePreview({ ruleSet, organisation }: { ruleSet: SegmentRuleSet; organisation: string }) {
  const { t } = useTranslation();
  const examplesId = useId();
  const complete = isComplete(ruleSet);
  const current = JSON.stringify(ruleSet);
  const [debounced] = useDebouncedValue(current, 400);
  const audience = useQuery({
    queryKey: ['segments', organisation, 'audience', debounced],
    queryFn: () => client.data(previewAudience, { params: { organisation }, body: { rules: JSON.parse(debounced) as SegmentRuleSet } }),
    enabled: complete && isComplete(JSON.parse(debounced) as SegmentRuleSet),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = audience.data;

  return (
    <Alert variant="light" color="blue" title={<Title order={2} size="h4">{t('segments.preview.title')}</Title>}>
      <Stack gap="xs">
        <Group gap="xs" role="status" aria-live="polite" data-testid="segments-count">
          {!complete ? (
            <Text size="sm">{t('segments.preview.incomplete')}</Text>
          ) : data ? (
            <Text fw={600}>{t('segments.preview.matches', { matched: data.matched, total: data.total })}</Text>
          ) : audience.isError ? null : (
            <Text size="sm">{t('segments.preview.counting')}</Text>
          )}
          {complete && (audience.isFetching || debounced !== current) ? <Loader size="xs" aria-hidden="true" /> : null}
        </Group>
        {audience.isError && complete ? <ErrorAlert title={t('segments.preview.failed')} error={audience.error} onRetry={() => void audience.refetch()} /> : null}
        {complete && data ? (
          data.examples.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('segments.preview.noMatch')}
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500} id={examplesId}>
                {t('segments.preview.examples')}
              </Text>
              <List size="sm" aria-labelledby={examplesId} data-testid="segments-examples">
                {data.examples.map((e) => (
                  <List.Item key={e.locationId}>
                    {t('segments.preview.example', { name: e.customerName || t('segments.preview.noName'), address: e.address, city: e.city })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )
        ) : null}
      </Stack>
    </Alert>
  );
}
