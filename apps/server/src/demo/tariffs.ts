import { sql, type Transaction } from 'kysely';
import type { AgreementType } from '@gridline/contracts/enums';
import type { Database } from '../db/schema.ts';
import type { OrganisationProfile } from './profile-types.ts';
import { stableId } from './releases.ts';

/**
 * The demo organisations' tariffs and which service is on which (decision 0008): a supply
 * product per agreement type and a grid tariff per kind of site, from the market figures of the
 * profile. Swedish grids charge a power tariff on the mean of the month's three highest weekday
 * day-time hours on different days; Norwegian grids a capacity part on the three highest hours
 * on different days. District heating and water are priced per kWh and m3.
 *
 * Each metered service is on the supply product of its agreement (hourly spot before a fixed
 * contract started, the customer's own fixed price after) and on its site's grid tariff.
 */
const SINCE = '2020-01-01';
const SUPPLY: ReadonlyArray<AgreementType> = ['hourlySpot', '15minSpot', 'monthlySpot', 'fixed', 'mixed'];
type SiteKind = 'apartment' | 'house' | 'business';

const id = (profile: OrganisationProfile, ...parts: string[]) => stableId('gridline-demo', profile.slug, 'tariff', ...parts);

export async function seedDemoTariffs(trx: Transaction<Database>, profile: OrganisationProfile, organisationId: string): Promise<void> {
  const m = profile.market;
  const supplyId = (type: AgreementType) => id(profile, 'supply', type);
  const gridId = (kind: SiteKind) => id(profile, 'grid', kind);
  const tariffs = [
    ...SUPPLY.map((type) => ({ id: supplyId(type), organisation_id: organisationId, kind: 'supply' as const, commodity: 'electricity' as const, name: `Electricity, ${type}` })),
    ...(['apartment', 'house', 'business'] as const).map((kind) => ({ id: gridId(kind), organisation_id: organisationId, kind: 'grid' as const, commodity: 'electricity' as const, name: `Grid, ${kind}` })),
    { id: id(profile, 'heating'), organisation_id: organisationId, kind: 'supply' as const, commodity: 'heating' as const, name: 'District heating' },
    { id: id(profile, 'water'), organisation_id: organisationId, kind: 'supply' as const, commodity: 'water' as const, name: 'Water' },
  ];
  await trx.insertInto('tariffs').values(tariffs).execute();

  // The power tariff of the market, priced per kW and month (excl. VAT).
  const power =
    profile.country === 'SE'
      ? { power_fee: 45, power_peaks: 3, power_distinct_days: true, power_weekdays_only: true, power_from_hour: 7, power_to_hour: 19 }
      : profile.country === 'NO'
        ? { power_fee: 25, power_peaks: 3, power_distinct_days: true }
        : {};
  // Per kWh and m3, in the currency: roughly a tenth of a euro for heat, three euros for water.
  const perEuro = profile.currency === 'EUR' ? 1 : 11;
  await trx
    .insertInto('tariff_versions')
    .values([
      ...SUPPLY.map((type) => ({
        tariff_id: supplyId(type),
        valid_from: SINCE,
        agreement_type: type,
        fixed_price: type === 'fixed' || type === 'mixed' ? m.fixedPrice : null,
        fixed_share: type === 'mixed' ? 0.5 : null,
        surcharge: type === 'fixed' ? 0 : m.surcharge,
        monthly_fee: m.supplierMonthlyFee,
      })),
      ...(['apartment', 'house', 'business'] as const).map((kind) => ({
        tariff_id: gridId(kind),
        valid_from: SINCE,
        transfer_fee: m.gridFee,
        monthly_fee: m.gridSubscription[kind],
        ...power,
      })),
      { tariff_id: id(profile, 'heating'), valid_from: SINCE, agreement_type: 'fixed' as const, fixed_price: 0.09 * perEuro, monthly_fee: 10 * perEuro },
      { tariff_id: id(profile, 'water'), valid_from: SINCE, agreement_type: 'fixed' as const, fixed_price: 3 * perEuro, monthly_fee: 5 * perEuro },
    ])
    .execute();

  // Consumption: the agreement's product (hourly spot until a fixed contract began), the site's grid.
  const siteKind = sql<SiteKind>`CASE WHEN a.type = 'BUSINESS' THEN 'business'
    WHEN l.extras ->> 'propertyType' IN ('APPARTMENT', 'SUMMERHOUSE') THEN 'apartment' ELSE 'house' END`;
  const gridOf = sql<string>`CASE ${siteKind} WHEN 'business' THEN ${gridId('business')} WHEN 'apartment' THEN ${gridId('apartment')} ELSE ${gridId('house')} END`;
  // The agreement shows its fixed price in öre/øre/cent.
  const contractPrice = sql<string>`(SELECT (i ->> 'value')::numeric / 100 FROM jsonb_array_elements(ag.info) i WHERE i ->> 'key' = 'price')`;
  const supplyOf = (type: unknown) => sql<string>`CASE ${type} ${sql.join(SUPPLY.map((t) => sql`WHEN ${t} THEN ${supplyId(t)}`), sql` `)} END`;
  await sql`
    INSERT INTO service_tariffs (service_seq, valid_from, supply_tariff_id, grid_tariff_id, fixed_price)
    SELECT s.seq, ${SINCE}::date, ${supplyOf(sql`CASE WHEN ag.type = 'fixed' AND ag.start_date > ${SINCE}::date THEN 'hourlySpot' ELSE coalesce(ag.type, 'hourlySpot') END`)}, ${gridOf},
           CASE WHEN ag.type = 'fixed' AND ag.start_date <= ${SINCE}::date THEN ${contractPrice} END
    FROM location_services s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN accounts a ON a.id = l.account_id
    LEFT JOIN agreements ag ON ag.service_id = s.id
    WHERE s.organisation_id = ${organisationId} AND s.type = 'consumption_trade'
    UNION ALL
    SELECT s.seq, ag.start_date, ${supplyId('fixed')}, ${gridOf}, ${contractPrice}
    FROM location_services s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN accounts a ON a.id = l.account_id
    JOIN agreements ag ON ag.service_id = s.id AND ag.type = 'fixed' AND ag.start_date > ${SINCE}::date
    WHERE s.organisation_id = ${organisationId} AND s.type = 'consumption_trade'
    UNION ALL
    -- the grid operator's own service: the grid tariff (and the energy tax) alone
    SELECT s.seq, ${SINCE}::date, NULL, ${gridOf}, NULL
    FROM location_services s
    JOIN locations l ON l.id = s.location_id
    LEFT JOIN accounts a ON a.id = l.account_id
    WHERE s.organisation_id = ${organisationId} AND s.type = 'consumption_grid'
    UNION ALL
    SELECT s.seq, ${SINCE}::date, CASE s.type WHEN 'heating' THEN ${id(profile, 'heating')} ELSE ${id(profile, 'water')} END, NULL, NULL
    FROM location_services s
    WHERE s.organisation_id = ${organisationId} AND s.type IN ('heating', 'water')`.execute(trx);
}
