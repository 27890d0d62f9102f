import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { InboxRepository } from './repository.ts';

/**
 * Messages to customers (spec 001 §7 `POST /v3/account/messages/push/send` and `/create`;
 * decision 0050). The inbox and push sending come in a later issue: until then a call is checked
 * as it will be — the body by its contract, the scope, the organisation, every recipient a
 * customer of it — and answered `501 INBOX_NOT_AVAILABLE`, having changed and sent nothing.
 */
export class InboxService {
  private readonly d: { repository: InboxRepository; access: AccessService };
  constructor(deps: InboxService['d']) {
    this.d = deps;
  }

  async send(staff: StaffClaims, slug: string | undefined, recipients: ReadonlyArray<{ userId: string; organisation?: string | undefined }>): Promise<never> {
    const organisation = await this.d.access.staffOrganisation(staff, slug, { required: true });
    // A recipient who names an organisation names this one; every one is a user of it (another's is 404).
    if (recipients.some((r) => r.organisation !== undefined && r.organisation !== organisation.slug)) throw new AppError('NOT_FOUND');
    const ids = [...new Set(recipients.map((r) => r.userId))];
    if ((await this.d.repository.countUsers(organisation.id, ids)) !== ids.length) throw new AppError('NOT_FOUND');
    throw new AppError('INBOX_NOT_AVAILABLE');
  }
}
