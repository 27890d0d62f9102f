import { describe, expect, it } from 'vitest';
import type { AudienceLocationRow } from './repository.ts';
import { attributesOf } from './service.ts';

const row = (over: Partial<AudienceLocationRow> = {}): AudienceLocationRow => ({
  id: 'a'.repeat(24),
  address: 'Storgatan 1',
  zipcode: '114 32',
  city: 'Stockholm',
  price_zone: 'SE3',
  extras: {},
  customer_name: 'Anna Andersson',
  service_types: ['consumption_grid', 'consumption_trade'],
  reading_periods: ['hourly'],
  agreement_types: ['fixed'],
  has_cost: true,
  has_load_tariffs: false,
  has_realtime: false,
  ...over,
});

describe("a location's segment attributes (decision 0052)", () => {
  it('reads the home details the customer described, and leaves out what they did not', () => {
    const described = attributesOf(
      row({
        extras: {
          propertyType: 'HOUSE', size: 140, numberOfResidens: 4, houseAge: '1970-1979', heating: 'district', heatingSecondary: ['stove', 'none'],
          cars: ['electric', 'electric', 'hybrid'], gadgets: ['sauna', 'sauna', 'pool'],
        },
      }),
      2026,
    );
    expect(described).toMatchObject({
      propertyType: 'HOUSE', propertySize: 140, numberOfResidents: 4, propertyAge: 'older', heatingTypes: ['district', 'stove'],
      carTypes: ['electric', 'hybrid'], carCount: 3, appliances: ['sauna', 'pool'], hasLocationProperties: true,
    });
    const blank = attributesOf(row(), 2026);
    for (const name of ['propertyType', 'propertySize', 'numberOfResidents', 'heatingTypes', 'carTypes', 'carCount', 'appliances', 'hasDeviationsEnabled'] as const) {
      expect(blank[name], name).toBeUndefined();
    }
    expect(blank).toMatchObject({ propertyAge: 'unknown', hasLocationProperties: false });
  });
  it('"no vehicle" and "none of these" are answers: no cars, no appliances', () => {
    expect(attributesOf(row({ extras: { cars: ['no_vehicle'], gadgets: ['no_gadgets'] } }), 2026)).toMatchObject({ carTypes: [], carCount: 0, appliances: [] });
  });
  it('takes services, agreements, tariffs, the place and the price zone from the data', () => {
    const a = attributesOf(row({ has_load_tariffs: true }), 2026);
    expect(a).toMatchObject({
      serviceTypes: ['consumption_grid', 'consumption_trade'], readingPeriods: ['hourly'], agreementTypes: ['fixed'], hasCost: true, hasLoadTariffs: true,
      hasRealtimeMeasurements: false, zipCode: '114 32', city: 'Stockholm', priceZones: ['SE3'], inSE3: true, inSE1: false, inNO1: false,
    });
    const noZone = attributesOf(row({ price_zone: null }), 2026);
    expect(noZone.priceZones).toBeUndefined();
    expect(noZone.inSE3).toBe(false);
  });
  it('ignores a stored property type that is not a choice (UNKNOWN)', () => {
    expect(attributesOf(row({ extras: { propertyType: 'UNKNOWN' } }), 2026).propertyType).toBeUndefined();
  });
});
