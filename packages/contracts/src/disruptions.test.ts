import { describe, expect, it } from 'vitest';
import { DisruptionInput, disruptionStatus } from './disruptions.ts';

describe('disruptionStatus', () => {
  const start = '2026-03-01T10:00:00Z';
  const end = '2026-03-01T12:00:00+00:00';
  const at = (instant: string) => new Date(instant);

  it('is ongoing without a schedule: an enabled disruption is in force at once', () => {
    expect(disruptionStatus(null, Date.now())).toBe('ongoing');
    expect(disruptionStatus(undefined, 0)).toBe('ongoing');
  });

  it('is planned before the start, ongoing from the start until the end, finished from the end', () => {
    expect(disruptionStatus({ startDate: start, endDate: end }, at('2026-03-01T09:59:59.999Z'))).toBe('planned');
    expect(disruptionStatus({ startDate: start, endDate: end }, at('2026-03-01T10:00:00Z'))).toBe('ongoing');
    expect(disruptionStatus({ startDate: start, endDate: end }, at('2026-03-01T11:59:59.999Z'))).toBe('ongoing');
    expect(disruptionStatus({ startDate: start, endDate: end }, at('2026-03-01T12:00:00Z'))).toBe('finished');
  });

  it('never finishes without an end, and reads offsets and Date objects alike', () => {
    expect(disruptionStatus({ startDate: start, endDate: null }, at('2030-01-01T00:00:00Z'))).toBe('ongoing');
    expect(disruptionStatus({ startDate: new Date('2026-03-01T11:00:00+01:00') }, at('2026-03-01T10:00:00Z'))).toBe('ongoing');
    expect(disruptionStatus({ startDate: '2026-03-01T12:00:00+01:00' }, at('2026-03-01T10:59:00Z'))).toBe('planned');
  });
});

describe('DisruptionInput (the back office rules, spec 002 §5)', () => {
  const valid = {
    name: 'Maintenance',
    type: 'warning',
    targets: ['mypages'],
    title: { sv: 'Underhåll', en: 'Maintenance' },
    message: { sv: 'Kort avbrott i kväll.', en: '' },
    updatedBy: 'ops@solvik.example',
  };
  const issues = (input: unknown) => {
    const result = DisruptionInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('takes a valid disruption, defaulting to off, unscheduled and moderate', () => {
    expect(DisruptionInput.parse(valid)).toMatchObject({ enabled: false, schedule: null, level: 'moderate' });
  });

  it('keeps titles to 100 and messages to 500 characters per language', () => {
    expect(issues({ ...valid, title: { en: 'x'.repeat(100) }, message: { en: 'y'.repeat(500) } })).toEqual([]);
    expect(issues({ ...valid, title: { en: 'x'.repeat(101) } })).toEqual(['title.en: DISRUPTION_TITLE_TOO_LONG']);
    expect(issues({ ...valid, message: { de: 'y'.repeat(501) } })).toContain('message.de: DISRUPTION_MESSAGE_TOO_LONG');
  });

  it('needs a message in at least one language, not only blanks', () => {
    expect(issues({ ...valid, message: { sv: '  ', en: '' } })).toEqual(['message: DISRUPTION_MESSAGE_REQUIRED']);
    expect(issues({ ...valid, message: {} })).toEqual(['message: DISRUPTION_MESSAGE_REQUIRED']);
  });

  it('refuses an unknown language, type, target or level, a non-e-mail updatedBy and an end before the start', () => {
    expect(issues({ ...valid, message: { xx: 'Hej' } }).length).toBeGreaterThan(0);
    expect(issues({ ...valid, type: 'info' })[0]).toMatch(/^type:/);
    expect(issues({ ...valid, targets: [] })).toEqual(['targets: DISRUPTION_TARGET_REQUIRED']);
    expect(issues({ ...valid, targets: ['sms'] })[0]).toMatch(/^targets\.0:/);
    expect(issues({ ...valid, level: 'critical' })[0]).toMatch(/^level:/);
    expect(issues({ ...valid, updatedBy: 'ops' })).toEqual(['updatedBy: DISRUPTION_UPDATED_BY_EMAIL']);
    expect(issues({ ...valid, schedule: { startDate: '2026-03-01T12:00:00Z', endDate: '2026-03-01T12:00:00Z' } })).toEqual([
      'schedule.endDate: DISRUPTION_END_BEFORE_START',
    ]);
  });
});
