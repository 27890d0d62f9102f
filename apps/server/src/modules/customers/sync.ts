import type { AuditService } from '../audit/service.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import type { CustomersRepository } from './repository.ts';

/** The owner's fields the provider's customer register decides (spec 001 §4: "sync of accounts and sites from the provider"). */
const SYNCED = [
  ['first_name', 'register_first_name', 'firstName'],
  ['last_name', 'register_last_name', 'lastName'],
  ['email', 'register_email', 'email'],
  ['phone_number', 'register_phone_number', 'phoneNumber'],
  ['language', 'register_language', 'language'],
] as const;

/**
 * The work behind the sync and site-history requests (decision 0038), run by the job runner from
 * the queues the API sends to (`jobs/sender.ts`). Account sync takes the owner's names and contact
 * details from the provider's customer register (the provider's system of record) where it has
 * them; a site's history update recomputes its services from their readings.
 */
export class AccountSyncService {
  private readonly d: { repository: CustomersRepository; audit: AuditService; measurements: Pick<MeasurementsService, 'rebuildLocationHistory'> };
  constructor(deps: AccountSyncService['d']) {
    this.d = deps;
  }

  async syncAccount(organisationId: string, accountId: string, requestedBy: string | null): Promise<{ changed: string[] }> {
    const row = await this.d.repository.registerEntryOfAccount(organisationId, accountId);
    if (!row) return { changed: [] };
    const patch: Record<string, string> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [column, registerColumn, field] of SYNCED) {
      const value = row[registerColumn];
      if (value === null || value.trim() === '' || value === row[column]) continue;
      patch[column] = value;
      before[field] = row[column];
      after[field] = value;
    }
    const changed = Object.keys(after).sort();
    if (changed.length > 0) {
      await this.d.repository.updateUser(organisationId, row.user_id, patch);
      await this.d.audit.record({ organisationId, actorType: 'system', actorId: null, action: 'account.sync', subjectType: 'user', subjectId: row.user_id, before, after, data: { accountId, requestedBy } });
    }
    return { changed };
  }

  updateSiteHistory(organisationId: string, locationId: string): Promise<{ services: number }> {
    return this.d.measurements.rebuildLocationHistory(organisationId, locationId);
  }
}
