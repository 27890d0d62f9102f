import { describe, expect, it } from 'vitest';
import { barLabel, barTitle, periodTitle, type PeriodWords } from './period-text.ts';

const words: PeriodWords = { week: (week, year) => `Week ${week}, ${year}`, range: (from, to) => `${from}–${to}` };

describe('period texts', () => {
  it('names the period between the arrows', () => {
    expect(periodTitle('year', '2026', 'en', words)).toBe('2026');
    expect(periodTitle('month', '2026-11', 'sv', words)).toBe('November 2026');
    expect(periodTitle('week', '2026-W47', 'en', words)).toBe('Week 47, 2026');
    expect(periodTitle('day', '2026-11-20', 'sv', words)).toBe('Fredag 20 november 2026');
    expect(periodTitle('total', null, 'en', words, ['2022', '2023', '2024', '2025', '2026'])).toBe('2022–2026');
  });

  it('labels the bars of each period', () => {
    expect(barLabel('total', '2024', '2023-12-31T23:00:00Z', 'en', 'Europe/Stockholm')).toBe('2024');
    expect(barLabel('year', '2026-03', '2026-02-28T23:00:00Z', 'en', 'Europe/Stockholm')).toBe('Mar');
    expect(barLabel('month', '2026-11-05', '2026-11-04T23:00:00Z', 'en', 'Europe/Stockholm')).toBe('5');
    expect(barLabel('week', '2026-11-16', '2026-11-15T23:00:00Z', 'sv', 'Europe/Stockholm')).toBe('Mån 16');
    expect(barLabel('day', '2026-11-20T14', '2026-11-20T13:00:00.000Z', 'fi', 'Europe/Stockholm')).toBe('14.00');
  });

  it('titles a bar, an hour as a range of local times (the repeated autumn hour too)', () => {
    expect(barTitle('year', '2026-03', '', 'de', 'Europe/Vienna', words)).toBe('März 2026');
    expect(barTitle('day', '2026-11-20T14', '2026-11-20T13:00:00.000Z', 'sv', 'Europe/Stockholm', words)).toBe('14:00–15:00');
    // the first 02:00 of the autumn night (summer time) ends at the second 02:00 (winter time)
    expect(barTitle('day', '2026-10-25T02', '2026-10-25T00:00:00.000Z', 'sv', 'Europe/Stockholm', words)).toBe('02:00–02:00');
    expect(barTitle('day', '2026-10-25T02', '2026-10-25T01:00:00.000Z', 'sv', 'Europe/Stockholm', words)).toBe('02:00–03:00');
    expect(barTitle('day', '2026-11-20T14', '2026-11-20T13:00:00.000Z', 'en', 'Europe/Stockholm', words)).toBe('2:00 PM–3:00 PM');
  });
});
