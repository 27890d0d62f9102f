import { describe, expect, it } from 'vitest';
import { PriceZone } from '@gridline/contracts/enums';
import { addDays, deliveryDayOf, deliveryDayPeriod, resolutionOfDeliveryDay } from './delivery-day.ts';
import { eicOfZone, PRICE_ZONES, zoneOfEic } from './zones.ts';

describe('zones', () => {
  it('has an EIC code for every price zone of the contracts, and finds each zone back from it', () => {
    expect([...PRICE_ZONES].sort()).toEqual([...PriceZone.options].sort());
    for (const zone of PRICE_ZONES) expect(zoneOfEic(eicOfZone(zone))).toBe(zone);
    expect(new Set(PRICE_ZONES.map(eicOfZone)).size).toBe(PRICE_ZONES.length);
  });

  it('knows the published codes', () => {
    expect(eicOfZone('SE3')).toBe('10Y1001A1001A46L');
    expect(eicOfZone('NO4')).toBe('10YNO-4--------9');
    expect(eicOfZone('AT')).toBe('10YAT-APG------L');
    expect(zoneOfEic('10YFI-1--------U')).toBe('FI');
    expect(zoneOfEic('10YDE-RWENET---I')).toBeNull();
  });
});

describe('delivery days (CET/CEST)', () => {
  it.each([
    ['2025-01-15', '2025-01-14T23:00:00.000Z', '2025-01-15T23:00:00.000Z', 24],
    ['2025-07-15', '2025-07-14T22:00:00.000Z', '2025-07-15T22:00:00.000Z', 24],
    ['2025-10-26', '2025-10-25T22:00:00.000Z', '2025-10-26T23:00:00.000Z', 25],
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 23],
  ])('%s runs %s to %s (%i hours)', (day, start, end, hours) => {
    const period = deliveryDayPeriod(day);
    expect(period.start.toISOString()).toBe(start);
    expect(period.end.toISOString()).toBe(end);
    expect((period.end.getTime() - period.start.getTime()) / 3_600_000).toBe(hours);
    expect(deliveryDayOf(period.start)).toBe(day);
    expect(deliveryDayOf(new Date(period.end.getTime() - 1))).toBe(day);
  });

  it('switches to quarter-hours on 2025-10-01', () => {
    expect(resolutionOfDeliveryDay('2025-09-30')).toBe(60);
    expect(resolutionOfDeliveryDay('2025-10-01')).toBe(15);
  });

  it('refuses what is not a day', () => {
    expect(() => deliveryDayPeriod('2025-02-30')).toThrow(RangeError);
    expect(() => addDays('20250101', 1)).toThrow(RangeError);
  });
});
