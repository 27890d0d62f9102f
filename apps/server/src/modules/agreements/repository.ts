import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { InquiryStatus } from '@gridline/contracts/inquiries';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { memberLocation } from '../access/fragments.ts';

/** A connection or a transaction. */
type Executor = Kysely<Database>;

const inquiryColumns = ['q.id', 'q.service_id', 'q.inquirer', 'q.inquiry_date', 'q.status'] as const;

/**
 * Agreements and third-party data inquiries of a location. Every read goes through the
 * location: it must be in the organisation, visible (ACTIVE, ACTIVE_PROCESS, PENDING), and the
 * user a member of its account; otherwise there is no row, which the service answers with 404.
 */
export class AgreementsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** Staff (decision 0038): the agreements of some of the organisation's locations, in the order members see them. */
  agreementsForStaff(organisationId: string, locationIds: readonly string[]) {
    return this.db
      .selectFrom('agreements as a')
      .select(['a.location_id', 'a.id', 'a.type', 'a.service_id', 'a.service_type', 'a.start_date', 'a.end_date', 'a.info'])
      .where('a.organisation_id', '=', organisationId)
      .where('a.location_id', 'in', locationIds.length > 0 ? [...locationIds] : [''])
      .orderBy('a.location_id')
      .orderBy((o) => o.case().when('a.service_type', '=', 'consumption_trade').then(0).when('a.service_type', '=', 'consumption_grid').then(1).else(2).end())
      .orderBy('a.start_date', (o) => o.desc().nullsLast())
      .orderBy('a.id')
      .execute();
  }

  /** The location's agreements, supplier's first, then the grid's; undefined when not visible. One statement. */
  agreementsForMember(organisationId: string, userId: string, locationId: string) {
    return memberLocation(this.db, organisationId, userId, locationId)
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('agreements as a')
            .select(['a.id', 'a.type', 'a.service_id', 'a.service_type', 'a.start_date', 'a.end_date', 'a.info'])
            .whereRef('a.location_id', '=', 'l.id')
            .orderBy((o) => o.case().when('a.service_type', '=', 'consumption_trade').then(0).when('a.service_type', '=', 'consumption_grid').then(1).else(2).end())
            .orderBy('a.start_date', (o) => o.desc().nullsLast())
            .orderBy('a.id'),
        ).as('agreements'),
      )
      .executeTakeFirst();
  }

  /** The inquiries about the location's services, newest first; undefined when not visible. One statement. */
  inquiriesForMember(organisationId: string, userId: string, locationId: string) {
    return memberLocation(this.db, organisationId, userId, locationId)
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('third_party_data_inquiries as q')
            .innerJoin('location_services as s', 's.id', 'q.service_id')
            .select(inquiryColumns)
            .whereRef('s.location_id', '=', 'l.id')
            .orderBy('q.inquiry_date', 'desc')
            .orderBy('q.id'),
        ).as('inquiries'),
      )
      .executeTakeFirst();
  }

  /** Runs `work` in one transaction: a write that fails changes nothing. */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** One inquiry of the member's visible location, locked until the transaction ends. */
  inquiryForUpdate(trx: Executor, organisationId: string, userId: string, locationId: string, inquiryId: string) {
    return memberLocation(trx, organisationId, userId, locationId)
      .innerJoin('location_services as s', 's.location_id', 'l.id')
      .innerJoin('third_party_data_inquiries as q', 'q.service_id', 's.id')
      .where('q.id', '=', inquiryId)
      .where('q.organisation_id', '=', organisationId)
      .select(['q.id', 'q.status'])
      .forUpdate('q')
      .executeTakeFirst();
  }

  async setInquiryStatus(trx: Executor, organisationId: string, inquiryId: string, status: InquiryStatus, userId: string): Promise<void> {
    await trx
      .updateTable('third_party_data_inquiries')
      .set({ status, status_changed_at: new Date(), status_changed_by: userId })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', inquiryId)
      .execute();
  }

  /** The inquiries about a location's services, newest first (the caller has checked access). */
  inquiriesOfLocation(trx: Executor, organisationId: string, locationId: string) {
    return trx
      .selectFrom('third_party_data_inquiries as q')
      .innerJoin('location_services as s', 's.id', 'q.service_id')
      .select(inquiryColumns)
      .where('s.organisation_id', '=', organisationId)
      .where('s.location_id', '=', locationId)
      .orderBy('q.inquiry_date', 'desc')
      .orderBy('q.id')
      .execute();
  }
}

type AgreementsRow = NonNullable<Awaited<ReturnType<AgreementsRepository['agreementsForMember']>>>;
export type AgreementRow = AgreementsRow['agreements'][number];
export interface InquiryRow {
  id: string;
  service_id: string;
  inquirer: string;
  inquiry_date: Date | string;
  status: string;
}
