import type { Agreement } from '@gridline/contracts/agreements';
import type { AgreementType, ServiceType } from '@gridline/contracts/enums';
import { allowedInquiryTargets, canChangeInquiry, type InquiryStatus, type ThirdPartyDataInquiry } from '@gridline/contracts/inquiries';
import { AppError } from '../../lib/errors.ts';
import { siteTypeOf } from '../locations/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { AgreementRow, AgreementsRepository, InquiryRow } from './repository.ts';

const isId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/**
 * A location's agreements (spec 000 §2.8) and the third-party data inquiries about its services
 * (§4.3). Access is membership of the location's account; anything else is 404. Inquiries exist
 * only where the organisation has switched the feature on (`THIRD_PARTY_DATA_INQUIRIES`).
 */
export class AgreementsService {
  private readonly repository: AgreementsRepository;
  constructor(repository: AgreementsRepository) {
    this.repository = repository;
  }

  async list(organisation: Organisation, userId: string, locationId: string): Promise<Agreement[]> {
    const row = isId(locationId) ? await this.repository.agreementsForMember(organisation.id, userId, locationId) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return row.agreements.map(toAgreement);
  }

  /** Staff (decision 0038): the agreements of locations the caller may already see, per location id. */
  async ofLocationsForStaff(organisation: Organisation, locationIds: readonly string[]): Promise<Record<string, Agreement[]>> {
    const result: Record<string, Agreement[]> = Object.fromEntries(locationIds.map((id) => [id, [] as Agreement[]]));
    for (const row of await this.repository.agreementsForStaff(organisation.id, locationIds)) result[row.location_id]?.push(toAgreement(row));
    return result;
  }

  async inquiries(organisation: Organisation, userId: string, locationId: string): Promise<ThirdPartyDataInquiry[]> {
    assertInquiriesOffered(organisation);
    const row = isId(locationId) ? await this.repository.inquiriesForMember(organisation.id, userId, locationId) : undefined;
    if (!row) throw new AppError('NOT_FOUND');
    return row.inquiries.map(toInquiry);
  }

  /**
   * Answers an inquiry and returns the location's inquiries. The status may only move as
   * `canChangeInquiry` allows (409 `INQUIRY_TRANSITION_NOT_ALLOWED` otherwise, with the allowed
   * targets); giving an inquiry the status it already has changes nothing. The check and the
   * write hold a lock on the row, so two answers at once cannot both pass.
   */
  async answerInquiry(organisation: Organisation, userId: string, locationId: string, inquiryId: string, status: InquiryStatus): Promise<ThirdPartyDataInquiry[]> {
    assertInquiriesOffered(organisation);
    if (!isId(locationId) || !isId(inquiryId)) throw new AppError('NOT_FOUND');
    return this.repository.transaction(async (trx) => {
      const current = await this.repository.inquiryForUpdate(trx, organisation.id, userId, locationId, inquiryId);
      if (!current) throw new AppError('NOT_FOUND');
      if (current.status !== status) {
        if (!canChangeInquiry(current.status, status)) {
          throw new AppError('INQUIRY_TRANSITION_NOT_ALLOWED', {
            message: `An inquiry that is ${current.status} cannot become ${status}`,
            data: { from: current.status, to: status, allowed: allowedInquiryTargets(current.status) },
          });
        }
        await this.repository.setInquiryStatus(trx, organisation.id, inquiryId, status, userId);
      }
      const rows = await this.repository.inquiriesOfLocation(trx, organisation.id, locationId);
      return rows.map(toInquiry);
    });
  }
}

function assertInquiriesOffered(organisation: Organisation): void {
  if (!organisation.flags.THIRD_PARTY_DATA_INQUIRIES) throw new AppError('NOT_FOUND', { message: 'This organisation does not offer third-party data inquiries' });
}

function toAgreement(row: AgreementRow): Agreement {
  const serviceType = row.service_type as ServiceType;
  return {
    _id: row.id,
    type: row.type as AgreementType,
    serviceId: row.service_id,
    serviceType,
    siteType: siteTypeOf[serviceType] ?? 'OTHER',
    startDate: row.start_date,
    endDate: row.end_date,
    info: row.info.map((entry) => ({
      key: entry.key,
      title: entry.title,
      value: entry.value ?? null,
      ...(entry.template ? { template: entry.template } : {}),
    })),
  };
}

function toInquiry(row: InquiryRow): ThirdPartyDataInquiry {
  return {
    inquiryId: row.id,
    serviceId: row.service_id,
    inquirer: row.inquirer,
    inquiryDate: new Date(row.inquiry_date).toISOString(),
    status: row.status as InquiryStatus,
  };
}
