import type { Me } from '@gridline/contracts/users';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { AccountsRepository } from './repository.ts';

export type Membership = Awaited<ReturnType<AccountsRepository['memberships']>>[number];

/** Accounts and who may act on them: a user acts on an account only as one of its members. */
export class AccountsService {
  private readonly repository: AccountsRepository;
  private readonly access: AccessService;
  constructor(repository: AccountsRepository, access: AccessService) {
    this.repository = repository;
    this.access = access;
  }

  memberships(organisationId: string, userId: string): Promise<Membership[]> {
    return this.repository.memberships(organisationId, userId);
  }

  /** 404 (not 403) for an account the user is not a member of, so that ids do not leak (`AccessService`). */
  assertMember(organisationId: string, userId: string, accountId: string | undefined): Promise<void> {
    return this.access.assertAccountMember(organisationId, userId, accountId);
  }

  async me(organisationId: string, userId: string, accountId: string): Promise<Me> {
    await this.assertMember(organisationId, userId, accountId);
    const [account, members] = await Promise.all([
      this.repository.account(organisationId, accountId),
      this.repository.members(organisationId, accountId),
    ]);
    if (!account) throw new AppError('NOT_FOUND');
    const toUser = (m: (typeof members)[number]) => ({ _id: m.id, email: m.email, firstName: m.first_name, lastName: m.last_name, phoneNumber: m.phone_number });
    const owner = members.find((m) => m.id === account.account_owner_id);
    return {
      accountId,
      accountOwner: owner ? toUser(owner) : null,
      users: members.map((m) => ({ ...toUser(m), role: m.role as Me['users'][number]['role'] })),
      provider: { customerId: account.provider_customer_id },
    };
  }
}
