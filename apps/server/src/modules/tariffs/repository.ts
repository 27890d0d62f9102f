import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

export type AgreementType = 'hourlySpot' | '15minSpot' | 'monthlySpot' | 'fixed' | 'mixed';

/** One version of a tariff, valid from a local date. Amounts exclude VAT, as decimal text. */
export interface TariffVersionInput {
  validFrom: string;
  /** Supply tariffs: how energy is priced. */
  agreementType?: AgreementType;
  fixedPrice?: string;
  /** Mixed: the share of consumption at the fixed price (0–1, exclusive). */
  fixedShare?: string;
  surcharge?: string;
  monthlyFee?: string;
  /** Grid tariffs: per kWh. */
  transferFee?: string;
  /** Grid tariffs: per kW on the mean of the month's top `peaks` hourly peaks. */
  power?: { fee: string; peaks: number; distinctDays?: boolean; weekdaysOnly?: boolean; fromHour?: number; toHour?: number; months?: number[] };
}

export interface TariffAssignmentInput {
  validFrom: string;
  supplyTariffId?: string;
  gridTariffId?: string;
  /** The customer's own price on a fixed or mixed contract. */
  fixedPrice?: string;
}

/** Tariffs, their versions and which services are on them. */
export class TariffsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async create(organisationId: string, tariff: { kind: 'supply' | 'grid'; name: string; commodity?: 'electricity' | 'heating' | 'water' }): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('tariffs')
      .values({ id, organisation_id: organisationId, kind: tariff.kind, name: tariff.name, commodity: tariff.commodity ?? 'electricity' })
      .execute();
    return id;
  }

  find(organisationId: string, tariffId: string) {
    return this.db.selectFrom('tariffs').selectAll().where('organisation_id', '=', organisationId).where('id', '=', tariffId).executeTakeFirst();
  }

  async upsertVersion(tariffId: string, v: TariffVersionInput): Promise<void> {
    const row = {
      tariff_id: tariffId,
      valid_from: v.validFrom,
      agreement_type: v.agreementType ?? null,
      fixed_price: v.fixedPrice ?? null,
      fixed_share: v.fixedShare ?? null,
      surcharge: v.surcharge ?? '0',
      monthly_fee: v.monthlyFee ?? '0',
      transfer_fee: v.transferFee ?? '0',
      power_fee: v.power?.fee ?? null,
      power_peaks: v.power?.peaks ?? 1,
      power_distinct_days: v.power?.distinctDays ?? false,
      power_weekdays_only: v.power?.weekdaysOnly ?? false,
      power_from_hour: v.power?.fromHour ?? 0,
      power_to_hour: v.power?.toHour ?? 24,
      power_months: v.power?.months ?? null,
    };
    const { tariff_id: _t, valid_from: _v, ...changes } = row;
    await this.db.insertInto('tariff_versions').values(row).onConflict((oc) => oc.columns(['tariff_id', 'valid_from']).doUpdateSet(changes)).execute();
  }

  /** The service's seq when it belongs to the organisation. */
  async serviceSeq(organisationId: string, serviceId: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('location_services').select('seq').where('organisation_id', '=', organisationId).where('id', '=', serviceId).executeTakeFirst();
    return row?.seq;
  }

  async assign(serviceSeq: number, a: TariffAssignmentInput): Promise<void> {
    const row = {
      service_seq: serviceSeq,
      valid_from: a.validFrom,
      supply_tariff_id: a.supplyTariffId ?? null,
      grid_tariff_id: a.gridTariffId ?? null,
      fixed_price: a.fixedPrice ?? null,
    };
    await this.db
      .insertInto('service_tariffs')
      .values(row)
      .onConflict((oc) => oc.columns(['service_seq', 'valid_from']).doUpdateSet({ supply_tariff_id: row.supply_tariff_id, grid_tariff_id: row.grid_tariff_id, fixed_price: row.fixed_price }))
      .execute();
  }

  /** The local date a service's tariff day starts at, as an instant (for recompute ranges). */
  async dayStart(serviceSeq: number, day: string): Promise<Date> {
    const row = await sql<{ at: Date }>`
      SELECT ${day}::date::timestamp AT TIME ZONE gridline_time_zone(o.country) AS at
      FROM location_services s JOIN organisations o ON o.id = s.organisation_id WHERE s.seq = ${serviceSeq}`.execute(this.db);
    return row.rows[0]!.at;
  }
}
