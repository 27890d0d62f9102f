import { describe, expect, it } from 'vitest';
import type { Disruption } from '@gridline/contracts/disruptions';
import { disruptionText, disruptionView } from './disruption-view.ts';

const disruption = (fields: Partial<Disruption> = {}): Disruption => ({
  _id: 'f'.repeat(24),
  name: 'Maintenance',
  organisation: 'solvik',
  type: 'warning',
  targets: ['mypages'],
  title: { sv: 'Underhåll', en: 'Maintenance' },
  message: { sv: 'Kort avbrott i kväll.', en: 'Short outage tonight.' },
  enabled: true,
  schedule: null,
  status: 'ongoing',
  level: 'moderate',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('disruptionText', () => {
  it("takes the user's language, else the organisation's languages in order, else any", () => {
    expect(disruptionText({ sv: 'Hej', en: 'Hello' }, 'en', ['sv', 'en'])).toBe('Hello');
    expect(disruptionText({ sv: 'Hej', en: 'Hello' }, 'de', ['sv', 'en'])).toBe('Hej');
    expect(disruptionText({ sv: '  ', en: 'Hello' }, 'sv', ['sv', 'en'])).toBe('Hello');
    expect(disruptionText({ fi: 'Hei' }, 'sv', ['sv', 'en'])).toBe('Hei');
    expect(disruptionText({ sv: '', en: ' ' }, 'sv', ['sv'])).toBeUndefined();
  });
});

describe('disruptionView', () => {
  it('shows an ongoing disruption in the language asked for', () => {
    expect(disruptionView(disruption(), 'en', ['sv', 'en'])).toEqual({
      id: 'f'.repeat(24),
      type: 'warning',
      level: 'moderate',
      title: 'Maintenance',
      message: 'Short outage tonight.',
    });
  });

  it('shows a disruption without a title, but none without a message', () => {
    expect(disruptionView(disruption({ title: {} }), 'sv', ['sv'])).not.toHaveProperty('title');
    expect(disruptionView(disruption({ message: { sv: ' ' } }), 'sv', ['sv'])).toBeNull();
  });

  it('shows nothing for no disruption, a planned or finished one, or one switched off', () => {
    expect(disruptionView(null, 'sv', ['sv'])).toBeNull();
    expect(disruptionView(disruption({ status: 'planned' }), 'sv', ['sv'])).toBeNull();
    expect(disruptionView(disruption({ status: 'finished' }), 'sv', ['sv'])).toBeNull();
    expect(disruptionView(disruption({ enabled: false }), 'sv', ['sv'])).toBeNull();
  });
});
