import { newId } from '../../lib/ids.ts';
import type { AuditEntry, AuditRepository } from './repository.ts';

/**
 * The audit log (spec 002 "audit logs"): who did what, when, from where. Sign-ins keep what the
 * e-ID answered (BankID's completion data) and every support-mode session is written here.
 */
export class AuditService {
  private readonly repository: AuditRepository;
  constructor(repository: AuditRepository) {
    this.repository = repository;
  }

  async record(entry: AuditEntry): Promise<string> {
    const id = newId();
    await this.repository.insert(id, entry);
    return id;
  }

  list(organisationId: string, filter: { action?: string; actorId?: string } = {}, limit = 50) {
    return this.repository.list(organisationId, filter, limit);
  }
}
