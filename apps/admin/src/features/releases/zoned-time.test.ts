import { describe, expect, it } from 'vitest';
import { instantOfPickerValue, pickerValueOf, schedulePresets } from './zoned-time.ts';

describe("the schedule's times in the organisation's time zone", () => {
  it('reads a picked time as the wall clock of the time zone, in winter and summer', () => {
    expect(instantOfPickerValue('2026-12-01 06:00:00', 'Europe/Stockholm')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(instantOfPickerValue('2026-07-01 06:00', 'Europe/Helsinki')?.toISOString()).toBe('2026-07-01T03:00:00.000Z');
    expect(instantOfPickerValue('2026-03-29 02:30:00', 'Europe/Stockholm')).toBeNull();
    expect(instantOfPickerValue('tomorrow', 'Europe/Stockholm')).toBeNull();
  });

  it('shows an instant as the picker writes it there', () => {
    expect(pickerValueOf('2026-12-01T05:00:00Z', 'Europe/Stockholm')).toBe('2026-12-01 06:00:00');
    expect(pickerValueOf('2026-12-01T23:30:00Z', 'Europe/Oslo')).toBe('2026-12-02 00:30:00');
  });

  it('offers in an hour, tonight and tomorrow morning', () => {
    expect(schedulePresets(new Date('2026-11-28T07:20:31Z'), 'Europe/Stockholm')).toEqual({
      inAnHour: '2026-11-28 09:20:00',
      tonight: '2026-11-28 22:00:00',
      tomorrowMorning: '2026-11-29 06:00:00',
    });
  });
});
