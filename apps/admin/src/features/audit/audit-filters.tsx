import { useState } from 'react';
import { Autocomplete, Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/de';
import 'dayjs/locale/fi';
import 'dayjs/locale/nb';
import 'dayjs/locale/nn';
import 'dayjs/locale/sv';
import '@mantine/dates/styles.layer.css';

/** The filters the address keeps (`from` and `to` are days, both included). */
export interface AuditFilterState {
  from: string;
  to: string;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  outcome: string;
  platform: string;
}

/** The kinds of object the server writes entries about (free text is allowed too). */
const SUBJECT_TYPES = ['admin', 'api-token', 'secret', 'user', 'account', 'location', 'organisation', 'audit-log', 'disruption'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The audit log's filters. Choices (days, outcome, log) apply at once; typed filters (actor,
 * action, object) apply with Apply or Enter, so the address does not change at every key.
 */
export function AuditFilters(props: {
  state: AuditFilterState;
  onChange: (changes: Partial<AuditFilterState>) => void;
  /** The platform's own log as a choice: platform staff only. */
  platformChoice: { organisationName: string } | null;
}) {
  const { t, i18n } = useTranslation();
  const { state, onChange } = props;
  const [typed, setTyped] = useState({ actor: state.actor, action: state.action, subjectType: state.subjectType, subjectId: state.subjectId });
  const filtered = Object.entries(state).some(([key, value]) => key !== 'platform' && value !== '');
  const range: [string | null, string | null] = [DAY.test(state.from) ? state.from : null, DAY.test(state.to) ? state.to : null];

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ actor: typed.actor.trim(), action: typed.action.trim(), subjectType: typed.subjectType.trim(), subjectId: typed.subjectId.trim() });
      }}
      role="search"
      aria-label={t('audit.filters')}
    >
      <Group align="flex-end" wrap="wrap">
        <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
          <DatePickerInput
            type="range"
            allowSingleDateInRange
            label={t('audit.period')}
            placeholder={t('audit.anyTime')}
            value={range}
            onChange={([from, to]) => onChange({ from: from ?? '', to: to ?? '' })}
            valueFormat="YYYY-MM-DD"
            clearable
            clearButtonProps={{ 'aria-label': t('audit.clearPeriod') }}
            maxDate={new Date()}
            ariaLabels={{ previousMonth: t('audit.previousMonth'), nextMonth: t('audit.nextMonth'), monthLevelControl: t('audit.chooseMonth'), yearLevelControl: t('audit.chooseYear'), previousYear: t('audit.previousYear'), nextYear: t('audit.nextYear'), previousDecade: t('audit.previousDecade'), nextDecade: t('audit.nextDecade') }}
            w={250}
          />
        </DatesProvider>
        <TextInput label={t('audit.actor')} value={typed.actor} onChange={(e) => setTyped({ ...typed, actor: e.currentTarget.value })} w={230} />
        <TextInput label={t('audit.action')} description={t('audit.actionHelp')} value={typed.action} onChange={(e) => setTyped({ ...typed, action: e.currentTarget.value })} w={190} />
        <Autocomplete
          label={t('audit.objectType')}
          data={SUBJECT_TYPES}
          value={typed.subjectType}
          onChange={(subjectType) => setTyped({ ...typed, subjectType })}
          onOptionSubmit={(subjectType) => onChange({ subjectType })}
          w={160}
        />
        <TextInput label={t('audit.objectId')} value={typed.subjectId} onChange={(e) => setTyped({ ...typed, subjectId: e.currentTarget.value })} w={230} />
        <Select
          label={t('audit.outcome')}
          data={[
            { value: '', label: t('audit.anyOutcome') },
            { value: 'success', label: t('audit.outcomes.success') },
            { value: 'denied', label: t('audit.outcomes.denied') },
          ]}
          value={state.outcome}
          onChange={(outcome) => onChange({ outcome: outcome ?? '' })}
          allowDeselect={false}
          w={150}
        />
        {props.platformChoice && (
          <Select
            label={t('audit.scopeOfLog')}
            data={[
              { value: '', label: props.platformChoice.organisationName },
              { value: 'true', label: t('app.allOrganisations') },
            ]}
            value={state.platform}
            onChange={(value) => onChange({ platform: value ?? '' })}
            allowDeselect={false}
            w={180}
          />
        )}
        <Button type="submit">{t('audit.apply')}</Button>
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setTyped({ actor: '', action: '', subjectType: '', subjectId: '' });
              onChange({ from: '', to: '', actor: '', action: '', subjectType: '', subjectId: '', outcome: '' });
            }}
          >
            {t('table.clearFilters')}
          </Button>
        )}
      </Group>
    </form>
  );
}
