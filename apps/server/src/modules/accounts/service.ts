import type { Me } from '@gridline/contracts/users';
import { AppError } from '../../lib/errors.ts';
import type { AccountsRepository } from './repository.ts';

export type Membership = Awaited<ReturnType<AccountsRepository['memberships']>>[number];

/** Accounts and who may act on them: a user acts on an account only as one of its members. */
export class AccountsService {
  private readonly repository: AccountsRepository;
  constructor(repository: AccountsRepository) {
    this.repository = repository;
  }

  memberships(organisationId: string, userId: string): Promise<Membership[]> {
    return this.repository.memberships(organisationId, userId);
  }

  /** 404 (not 403) for an account the user is not a member of, so that ids do not leak. */
  async assertMember(organisationId: string, userId: string, accountId: string | undefined): Promise<void> {
    if (!accountId) throw new AppError('MISSING_ACCOUNT_ID');
    if (!/^[0-9a-f]{24}$/.test(accountId)) throw new AppError('NOT_FOUND');
    const membership = await this.repository.membership(organisationId, userId, accountId);
    if (!membership) throw new AppError('NOT_FOUND');
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
