import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schedulePresets } from './zoned-time.ts';

/**
 * A date and time in the organisation's time zone (the picker's value is that zone's wall clock;
 * `instantOfPickerValue` turns it into an instant), with quick choices.
 */
export function SchedulePicker(props: {
  label: string;
  description?: string;
  timeZone: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [presets] = useState(() => {
    const p = schedulePresets(new Date(), props.timeZone);
    return [
      { value: p.inAnHour, label: t('releases.schedule.inAnHour') },
      { value: p.tonight, label: t('releases.schedule.tonight') },
      { value: p.tomorrowMorning, label: t('releases.schedule.tomorrowMorning') },
    ];
  });
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateTimePicker
        label={props.label}
        description={props.description ?? t('releases.schedule.timeZone', { timeZone: props.timeZone })}
        valueFormat="YYYY-MM-DD HH:mm"
        presets={presets}
        clearable
        clearButtonProps={{ 'aria-label': t('releases.schedule.clear') }}
        timePickerProps={{ hoursInputLabel: t('releases.schedule.hours'), minutesInputLabel: t('releases.schedule.minutes') }}
        submitButtonProps={{ 'aria-label': t('releases.schedule.confirm') }}
        value={props.value}
        onChange={(value) => props.onChange(value ? String(value) : null)}
        error={props.error}
      />
    </DatesProvider>
  );
}
