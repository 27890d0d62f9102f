import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../test/app.ts';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { TariffsRepository, type TariffAssignmentInput, type TariffVersionInput } from '../tariffs/repository.ts';
import { AppError } from '../../lib/errors.ts';
import { MeasurementsRepository } from './repository.ts';
import { expectChildrenSumToParents, series } from './test-support.ts';

/**
 * Cost against figures computed by hand. Each fixture has its own organisation, home and
 * market, in an empty database; tax rates are the migration's (SE 2025: 0.439 SEK/kWh, 25 %).
 */
let db: Db;
let drop: () => Promise<void>;
let readings: MeasurementsRepository;
let tariffs: ReturnType<typeof tariffWrites>;

beforeAll(async () => {
  ({ db, drop } = await emptyDatabase());
  readings = new MeasurementsRepository(db);
  tariffs = tariffWrites(new TariffsRepository(db), readings);
});

/**
 * Tariff changes as the back office will make them (there is no tariff endpoint yet, decision
 * 0026): the write, then the recompute of the cost it touches from its valid-from date on, out of
 * the hour roll-ups (decision 0008).
 */
function tariffWrites(repository: TariffsRepository, measurements: MeasurementsRepository) {
  return {
    create: (organisationId: string, tariff: { kind: 'supply' | 'grid'; name: string }) => repository.create(organisationId, tariff),
    async setVersion(organisationId: string, tariffId: string, version: TariffVersionInput): Promise<void> {
      if (!(await repository.find(organisationId, tariffId))) throw new AppError('NOT_FOUND');
      await repository.upsertVersion(tariffId, version);
      await measurements.recomputeCost(await measurements.rangesForTariff(tariffId, version.validFrom));
    },
    async assign(organisationId: string, serviceId: string, assignment: TariffAssignmentInput): Promise<void> {
      const seq = await repository.serviceSeq(organisationId, serviceId);
      if (seq === undefined) throw new AppError('NOT_FOUND');
      await repository.assign(seq, assignment);
      await measurements.recomputeCost([{ seq, from: await repository.dayStart(seq, assignment.validFrom), to: null }]);
    },
  };
}
afterAll(async () => {
  await db.destroy();
  await drop();
});

const COUNTRY = { SE: ['SEK', 'SE3'], NO: ['NOK', 'NO1'], FI: ['EUR', 'FI'], AT: ['EUR', 'AT'] } as const;

/** An organisation with one home and its metered service; answers the ids. */
async function home(country: keyof typeof COUNTRY) {
  const [currency, zone] = COUNTRY[country];
  const organisationId = newId();
  const locationId = newId();
  const serviceId = newId();
  await db.insertInto('organisations').values({ id: organisationId, slug: `o${organisationId.slice(0, 10)}`, name: 'Fixture', country, currency }).execute();
  await db
    .insertInto('locations')
    .values({ id: locationId, organisation_id: organisationId, status: 'ACTIVE', type: 'CONSUMPTION', address: 'Storgatan 1', zipcode: '72210', city: 'Västerås', price_zone: zone, provider_site_id: 'SITE1', extras: '{}' })
    .execute();
  await db
    .insertInto('location_services')
    .values({ id: serviceId, organisation_id: organisationId, location_id: locationId, type: 'consumption_trade', provider_site_id: 'SITE1', properties: '{}' })
    .execute();
  const { seq } = await db.selectFrom('location_services').select('seq').where('id', '=', serviceId).executeTakeFirstOrThrow();
  return { organisationId, serviceId, seq, zone };
}

/** Spot prices (EUR/MWh) every `minutes` over [from, to), one per index. */
async function prices(zone: string, from: string, to: string, minutes: 15 | 60, price: (i: number, at: Date) => number) {
  const rows = [];
  for (let at = Date.parse(from), i = 0; at < Date.parse(to); at += minutes * 60_000, i++) {
    rows.push({ zone, interval_start: new Date(at), minutes, price_eur_mwh: price(i, new Date(at)) });
  }
  await db.insertInto('spot_prices').values(rows).onConflict((oc) => oc.columns(['zone', 'interval_start']).doUpdateSet((eb) => ({ price_eur_mwh: eb.ref('excluded.price_eur_mwh'), minutes: eb.ref('excluded.minutes') }))).execute();
}

async function rate(currency: 'SEK' | 'NOK', day: string, eurRate: number) {
  await db.insertInto('exchange_rates').values({ day, currency, eur_rate: eurRate }).onConflict((oc) => oc.columns(['day', 'currency']).doUpdateSet({ eur_rate: eurRate })).execute();
}

/** A home on a supply product and a grid tariff (SE defaults: 5 öre surcharge, 20 öre transfer, fees 30 + 300). */
async function pricedHome(country: keyof typeof COUNTRY, supply: TariffVersionInput, grid: Partial<TariffVersionInput> = {}) {
  const h = await home(country);
  const supplyId = await tariffs.create(h.organisationId, { kind: 'supply', name: 'Supply' });
  const gridId = await tariffs.create(h.organisationId, { kind: 'grid', name: 'Grid' });
  await tariffs.setVersion(h.organisationId, supplyId, supply);
  await tariffs.setVersion(h.organisationId, gridId, { validFrom: '2024-01-01', transferFee: '0.20', monthlyFee: '300', ...grid });
  await tariffs.assign(h.organisationId, h.serviceId, { validFrom: '2024-01-01', supplyTariffId: supplyId, gridTariffId: gridId });
  return { ...h, supplyId, gridId };
}

async function rollup(seq: number, period: 'hour' | 'day' | 'month', key: string) {
  const row = await db.selectFrom('reading_rollups').selectAll().where('service_seq', '=', seq).where('period', '=', period).where('period_key', '=', key).executeTakeFirstOrThrow();
  return row;
}

/** Numeric text to a number for figures with repeating decimals (e.g. a mean of three). */
const approx = (v: string | null) => Number(v);

const spotSupply = (agreementType: 'hourlySpot' | '15minSpot' | 'monthlySpot') => ({ validFrom: '2024-01-01', agreementType, surcharge: '0.05', monthlyFee: '30' });

describe('cost of a reading, by hand', () => {
  it('prices the 23-hour spring day at each hour’s spot with the Friday rate over the weekend', async () => {
    const h = await pricedHome('SE', spotSupply('hourlySpot'));
    // 2025-03-30 in Stockholm: 23:00Z on the 29th to 22:00Z on the 30th. 12 hours at 80, 11 at 120.
    await prices(h.zone, '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z', 60, (i) => (i < 12 ? 80 : 120));
    await rate('SEK', '2025-03-28', 11);
    await rate('SEK', '2025-03-31', 12);
    await readings.upsert(series(h.seq, '2025-03-29T23:00:00Z', '2025-03-30T22:00:00Z', 60, () => '1'));
    const day = await rollup(h.seq, 'day', '2025-03-30');
    // spot (12 × 0.08 + 11 × 0.12) × 11 = 25.08; 23 kWh × (0.05 + 0.20 + 0.439) = 15.847; × 1.25
    expect(day).toMatchObject({ value: '23.0000', readings: 23 });
    expect(Number(day.cost)).toBe(51.15875);
    await expectChildrenSumToParents(db, h.seq);
  });

  it('prices the 25-hour autumn day of quarter-hours at each quarter’s own price', async () => {
    const h = await pricedHome('SE', spotSupply('15minSpot'));
    // 2025-10-26 in Stockholm: 22:00Z on the 25th to 23:00Z on the 26th, 100 quarters at 40 and 200 alternately.
    await prices(h.zone, '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z', 15, (i) => (i % 2 === 0 ? 40 : 200));
    await rate('SEK', '2025-10-24', 11);
    // 0.1 kWh in the cheap quarters, 0.5 in the dear ones: 30 kWh that cost 5.2 EUR at spot.
    await readings.upsert(series(h.seq, '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z', 15, (i) => (i % 2 === 0 ? '0.1' : '0.5')));
    const day = await rollup(h.seq, 'day', '2025-10-26');
    expect(day).toMatchObject({ value: '30.0000', readings: 100 });
    // (5.2 × 11 + 30 × 0.689) × 1.25
    expect(Number(day.cost)).toBe(97.3375);
    const hours = await db.selectFrom('reading_rollups').select('period_key').where('service_seq', '=', h.seq).where('period', '=', 'hour').execute();
    expect(hours).toHaveLength(25);
    await expectChildrenSumToParents(db, h.seq);
  });

  it('prices an hourly meter on a quarter-hour market at the hour’s mean', async () => {
    const h = await pricedHome('SE', spotSupply('hourlySpot'));
    await prices(h.zone, '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z', 15, (i) => (i % 2 === 0 ? 40 : 200));
    await readings.upsert(series(h.seq, '2025-10-25T22:00:00Z', '2025-10-26T23:00:00Z', 60, () => '1.2'));
    const day = await rollup(h.seq, 'day', '2025-10-26');
    // 25 hours × 1.2 kWh at a mean of 120 EUR/MWh: (30 × 0.12 × 11 + 30 × 0.689) × 1.25
    expect(Number(day.cost)).toBe(75.3375);
  });

  describe('a February of 2 kWh an hour (1 344 kWh), at 40 EUR/MWh to the 14th and 80 after, 11.5 SEK/EUR', () => {
    const FEB = ['2025-01-31T23:00:00Z', '2025-02-28T23:00:00Z'] as const;
    beforeAll(async () => {
      await prices('SE3', FEB[0], FEB[1], 60, (_, at) => (at < new Date('2025-02-14T23:00:00Z') ? 40 : 80));
      await db.deleteFrom('exchange_rates').where('currency', '=', 'SEK').where('day', '>=', '2025-01-01').where('day', '<', '2025-03-01').execute();
      await rate('SEK', '2025-01-31', 11.5);
    });

    it('prices monthlySpot at the month’s mean and adds the monthly fees', async () => {
      const h = await pricedHome('SE', spotSupply('monthlySpot'));
      await readings.upsert(series(h.seq, FEB[0], FEB[1], 60, () => '2'));
      const month = await rollup(h.seq, 'month', '2025-02');
      // mean 60 EUR/MWh: 1344 × 0.06 × 11.5 = 927.36; 1344 × 0.689 = 926.016; × 1.25
      expect(Number(month.cost)).toBe(2316.72);
      // (30 + 300) × 1.25, all 28 days metered
      expect(Number(month.fees)).toBe(412.5);
      expect(month.power_cost).toBeNull();
    });

    it('prices mixed as its fixed share at the fixed price and the rest at spot', async () => {
      const h = await pricedHome('SE', { validFrom: '2024-01-01', agreementType: 'mixed', fixedPrice: '0.80', fixedShare: '0.5', surcharge: '0.05', monthlyFee: '30' });
      await readings.upsert(series(h.seq, FEB[0], FEB[1], 60, () => '2'));
      // 0.5 × 1344 × 0.80 = 537.6; 0.5 × 927.36 = 463.68; + 926.016; × 1.25
      expect(Number((await rollup(h.seq, 'month', '2025-02')).cost)).toBe(2409.12);
    });

    it('charges the power tariff on the mean of the top three weekday peaks, one per day', async () => {
      const power = { fee: '50', peaks: 3, distinctDays: true, weekdaysOnly: true, fromHour: 7, toHour: 19 };
      const h = await pricedHome('SE', { validFrom: '2024-01-01', agreementType: 'fixed', fixedPrice: '0.80' }, { power });
      const peaks: Record<string, string> = {
        '2025-02-03T17:00:00Z': '8', // Monday 18:00 local
        '2025-02-03T16:00:00Z': '7', // Monday 17:00, the same day
        '2025-02-04T07:00:00Z': '6', // Tuesday 08:00
        '2025-02-08T11:00:00Z': '9', // Saturday: not counted
        '2025-02-10T02:00:00Z': '5', // Monday 03:00: outside the hours
        '2025-02-11T18:00:00Z': '5.5', // Tuesday 19:00: outside the hours
      };
      await readings.upsert(series(h.seq, FEB[0], FEB[1], 60, () => '2').map((r) => ({ ...r, value: peaks[r.intervalStart.toISOString().replace('.000', '')] ?? r.value })));
      const month = await rollup(h.seq, 'month', '2025-02');
      // one per day: 8, 6, 2 → 16/3 kW × 50 × 1.25
      expect(approx(month.peak_kw)).toBeCloseTo(16 / 3, 10);
      expect(approx(month.power_cost)).toBeCloseTo((16 / 3) * 62.5, 8);

      // Without "one per day" the same Monday counts twice: 8, 7, 6 → 7 kW.
      await tariffs.setVersion(h.organisationId, h.gridId, { validFrom: '2024-01-01', transferFee: '0.20', monthlyFee: '300', power: { ...power, distinctDays: false } });
      const again = await rollup(h.seq, 'month', '2025-02');
      expect(Number(again.peak_kw)).toBe(7);
      expect(Number(again.power_cost)).toBe(437.5);
    });

    it('recomputes the month when a tariff changes mid-month, each day at its own price and fee', async () => {
      const h = await pricedHome('SE', { validFrom: '2024-01-01', agreementType: 'fixed', fixedPrice: '0.80', surcharge: '0.05', monthlyFee: '30' });
      await readings.upsert(series(h.seq, FEB[0], FEB[1], 60, () => '2'));
      expect(Number((await rollup(h.seq, 'month', '2025-02')).cost)).toBeCloseTo(1344 * 1.489 * 1.25, 9);
      await tariffs.setVersion(h.organisationId, h.supplyId, { validFrom: '2025-02-15', agreementType: 'fixed', fixedPrice: '1.00', surcharge: '0.05', monthlyFee: '60' });
      const month = await rollup(h.seq, 'month', '2025-02');
      // 672 × (0.80 + 0.689) + 672 × (1.00 + 0.689) = 2135.616; × 1.25
      expect(Number(month.cost)).toBe(2669.52);
      // (14 × 330 + 14 × 360) / 28 × 1.25
      expect(Number(month.fees)).toBe(431.25);
      expect(Number((await rollup(h.seq, 'day', '2025-02-14')).cost)).toBeCloseTo(48 * 1.489 * 1.25, 9);
      expect(Number((await rollup(h.seq, 'day', '2025-02-15')).cost)).toBeCloseTo(48 * 1.689 * 1.25, 9);
      await expectChildrenSumToParents(db, h.seq);
    });

    it('recomputes hour, day and month when a reading is corrected', async () => {
      const h = await pricedHome('SE', { validFrom: '2024-01-01', agreementType: 'fixed', fixedPrice: '0.80', surcharge: '0.05' });
      await readings.upsert(series(h.seq, FEB[0], FEB[1], 60, () => '2'));
      const before = Number((await rollup(h.seq, 'month', '2025-02')).cost);
      expect(await readings.upsert(series(h.seq, '2025-02-10T10:00:00Z', '2025-02-10T11:00:00Z', 60, () => '12'))).toBe(1);
      expect(Number((await rollup(h.seq, 'hour', '2025-02-10T11')).cost)).toBeCloseTo(12 * 1.489 * 1.25, 9);
      expect(Number((await rollup(h.seq, 'day', '2025-02-10')).cost)).toBeCloseTo(58 * 1.489 * 1.25, 9);
      expect(Number((await rollup(h.seq, 'month', '2025-02')).cost)).toBeCloseTo(before + 10 * 1.489 * 1.25, 9);
      await expectChildrenSumToParents(db, h.seq);
    });
  });

  it('applies each country’s VAT and energy tax (2025) to the same fixed-price day', async () => {
    const expected = { SE: 24 * 1.439 * 1.25, NO: 24 * 1.1793 * 1.25, FI: 24 * 1.02253 * 1.255, AT: 24 * 1.015 * 1.2 };
    for (const country of ['SE', 'NO', 'FI', 'AT'] as const) {
      const h = await pricedHome(country, { validFrom: '2024-01-01', agreementType: 'fixed', fixedPrice: '1.00' }, { transferFee: '0' });
      await readings.upsert(series(h.seq, '2025-06-09T00:00:00Z', '2025-06-10T00:00:00Z', 60, () => '1'));
      const hours = await db.selectFrom('reading_rollups').select(sql<string>`sum(cost)`.as('cost')).where('service_seq', '=', h.seq).where('period', '=', 'hour').executeTakeFirstOrThrow();
      expect(Number(hours.cost), country).toBeCloseTo(expected[country], 9);
    }
  });

  it('leaves cost unknown without a tariff or without a price, never zero', async () => {
    const bare = await home('SE');
    await readings.upsert(series(bare.seq, '2025-06-09T00:00:00Z', '2025-06-10T00:00:00Z', 60, () => '1'));
    expect((await rollup(bare.seq, 'day', '2025-06-09')).cost).toBeNull();
    const h = await pricedHome('SE', spotSupply('hourlySpot'));
    // no spot prices at all in July
    await readings.upsert(series(h.seq, '2025-07-15T00:00:00Z', '2025-07-15T03:00:00Z', 60, () => '1'));
    expect((await rollup(h.seq, 'hour', '2025-07-15T04')).cost).toBeNull();
    expect((await rollup(h.seq, 'day', '2025-07-15')).cost).toBeNull();
  });
});
