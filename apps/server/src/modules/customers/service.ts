import type { ProspectStatus } from '@gridline/contracts/auth';
import type { AccountCreationLog, AccountProspect, Deleted, QueuedJobAnswer, CustomerAccount, CustomerOverview, CustomerPerson, CustomerSearchBy, CustomerUser } from '@gridline/contracts/customers';
import type { AccountRole, AccountType, Language } from '@gridline/contracts/enums';
import { parseOrganisationNumber, parsePersonalNumber } from '@gridline/contracts/identity';
import type { Pagination } from '@gridline/contracts/common';
import type { HomeExtrasUpdate } from '@gridline/contracts/home';
import type { Location } from '@gridline/contracts/locations';
import type { PushToken } from '@gridline/contracts/push-tokens';
import { formatPersonName } from '@gridline/locale/names';
import type { z } from 'zod';
import { contactProblem, normalisePhoneNumber } from '@gridline/contracts/contact';
import type { CreateCustomerAccountRequest, CreateCustomerUserRequest, UpdateCustomerUserRequest } from '@gridline/contracts/customers';
import type { ReadCache } from '../../lib/read-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { REQUESTED_JOB_QUEUES, type JobSender, type RequestedJobQueue } from '../../jobs/sender.ts';
import type { AgreementsService } from '../agreements/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { InvoicesService } from '../invoices/service.ts';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import type { LocationsService } from '../locations/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { PushTokensService } from '../users/push-tokens.ts';
import type { AccountRow, CustomersRepository, ProspectRow, UserRow } from './repository.ts';

/** A search of prospects: status, customer number, days they began, a page. */
export interface ProspectSearch {
  status?: string | undefined;
  customerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  page: number;
}

/** The shortest part of an e-mail address a search takes (shorter finds half the register). */
export const EMAIL_SEARCH_MIN_LENGTH = 3;
/** The latest invoices of each account on the customer page (spec 001 §9: "the latest 3 invoices are kept separately"). */
const LATEST_INVOICES = 3;
const RECENT_SIGN_INS = 10;

export interface CustomersDeps {
  repository: CustomersRepository;
  audit: AuditService;
  locations: LocationsService;
  agreements: AgreementsService;
  invoices: InvoicesService;
  /** Where sync and site-history requests are queued (pg-boss, `jobs/sender.ts`). */
  jobs: JobSender;
  /** The customers' sessions: a deleted user's are refused at once in this process (decision 0022). */
  sessions: Pick<SessionRevocations, 'markRevoked'>;
  /** Users' push devices: the customer page shows them, the staff list pages them (decision 0042). */
  pushTokens: Pick<PushTokensService, 'ofUser' | 'page'>;
  /** The member reads this process keeps (decision 0033): a staff change drops the ones it touches at once. */
  reads?: Pick<ReadCache, 'invalidate'>;
}

/** A page of a search as the route answers it. */
interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * Customers for staff (spec 001 §7, spec 002 §7, §9; decision 0038). The route's scopes and
 * `requireScope` have kept the caller to staff who may help customers of this organisation; every
 * read is the organisation's, and every answer that shows a customer is an audit entry
 * `customer.view` (who looked at whom, how).
 */
export class CustomersService {
  private readonly d: CustomersDeps;
  constructor(deps: CustomersDeps) {
    this.d = deps;
  }

  /** The search term in its stored form: personal and organisation numbers normalised as the portal's sign-in does. */
  normalise(organisation: Organisation, by: CustomerSearchBy, search: string): string {
    const term = search.trim();
    if (by === 'personalId') {
      const parsed = parsePersonalNumber(organisation.country, term);
      if (!parsed.ok) throw new AppError(parsed.error);
      return parsed.value;
    }
    if (by === 'organisationId') {
      const parsed = parseOrganisationNumber(organisation.country, term);
      if (!parsed.ok) throw new AppError(parsed.error);
      return parsed.value;
    }
    if (by === 'email' && term.length < EMAIL_SEARCH_MIN_LENGTH) {
      throw new AppError('VALIDATION_FAILED', { message: `search: at least ${EMAIL_SEARCH_MIN_LENGTH} characters of an e-mail address`, data: { issues: [{ path: 'search', message: 'TOO_SHORT' }] } });
    }
    if (term === '') throw new AppError('VALIDATION_FAILED', { data: { issues: [{ path: 'search', message: 'REQUIRED' }] } });
    return term;
  }

  async searchAccounts(context: StaffAuditContext, organisation: Organisation, body: { search: string; searchBy: CustomerSearchBy; limit: number; page: number }): Promise<Page<CustomerAccount>> {
    const term = this.normalise(organisation, body.searchBy, body.search);
    const { ids, total } = await this.d.repository.searchAccounts(organisation.id, { by: body.searchBy, term, limit: body.limit, offset: (body.page - 1) * body.limit });
    const accounts = await this.accounts(organisation, ids);
    await this.viewed(context, organisation, 'account', accounts.map((a) => a._id), { via: 'accounts.search', searchBy: body.searchBy });
    return { data: accounts, pagination: { limit: body.limit, page: body.page, total } };
  }

  async searchUsers(context: StaffAuditContext, organisation: Organisation, body: { search: string; searchBy: CustomerSearchBy; limit: number; page: number }): Promise<Page<CustomerUser>> {
    const term = this.normalise(organisation, body.searchBy, body.search);
    const { ids, total } = await this.d.repository.searchUsers(organisation.id, { by: body.searchBy, term, limit: body.limit, offset: (body.page - 1) * body.limit });
    const users = await this.users(organisation, ids);
    await this.viewed(context, organisation, 'user', users.map((u) => u._id), { via: 'users.search', searchBy: body.searchBy });
    return { data: users, pagination: { limit: body.limit, page: body.page, total } };
  }

  async fetchAccount(context: StaffAuditContext, organisation: Organisation, id: string): Promise<CustomerAccount> {
    const [account] = await this.accounts(organisation, [id]);
    if (!account) throw new AppError('NOT_FOUND');
    await this.viewed(context, organisation, 'account', [account._id], { via: 'accounts.fetch' });
    return account;
  }

  async fetchAccounts(context: StaffAuditContext, organisation: Organisation, ids: readonly string[]): Promise<CustomerAccount[]> {
    const accounts = await this.accounts(organisation, [...new Set(ids)]);
    await this.viewed(context, organisation, 'account', accounts.map((a) => a._id), { via: 'accounts.fetch' });
    return accounts;
  }

  async listUsers(context: StaffAuditContext, organisation: Organisation, query: { accountId?: string | undefined; limit: number; page: number }): Promise<Page<CustomerUser>> {
    const { ids, total } = await this.d.repository.listUsers(organisation.id, { accountId: query.accountId, limit: query.limit, offset: (query.page - 1) * query.limit });
    const users = await this.users(organisation, ids);
    await this.viewed(context, organisation, 'user', users.map((u) => u._id), { via: 'users.list' });
    return { data: users, pagination: { limit: query.limit, page: query.page, total } };
  }

  async getUser(context: StaffAuditContext, organisation: Organisation, id: string): Promise<CustomerUser> {
    const [user] = await this.users(organisation, [id]);
    if (!user) throw new AppError('MISSING_USER_ID');
    await this.viewed(context, organisation, 'user', [user._id], { via: 'users.get' });
    return user;
  }

  async listAccounts(context: StaffAuditContext, organisation: Organisation, query: { type?: string | undefined; seenSince?: string | undefined; limit: number; page: number }): Promise<Page<CustomerAccount>> {
    const { ids, total } = await this.d.repository.listAccounts(organisation.id, { type: query.type, seenSince: query.seenSince, limit: query.limit, offset: (query.page - 1) * query.limit });
    const accounts = await this.accounts(organisation, ids);
    await this.viewed(context, organisation, 'account', accounts.map((a) => a._id), { via: 'accounts.list' });
    return { data: accounts, pagination: { limit: query.limit, page: query.page, total } };
  }

  async getAccount(context: StaffAuditContext, organisation: Organisation, accountId: string): Promise<CustomerAccount> {
    const [account] = await this.accounts(organisation, [accountId]);
    if (!account) throw new AppError('MISSING_ACCOUNT_ID');
    await this.viewed(context, organisation, 'account', [account._id], { via: 'accounts.get' });
    return account;
  }

  /** An account's locations in every status, paged, filtered by their services' types and statuses. */
  async accountLocations(
    context: StaffAuditContext,
    organisation: Organisation,
    accountId: string,
    query: { limit: number; page: number; 'services.type'?: readonly string[] | undefined; 'services.status'?: readonly string[] | undefined },
  ): Promise<Page<Location>> {
    const [account] = await this.accounts(organisation, [accountId]);
    if (!account) throw new AppError('MISSING_ACCOUNT_ID');
    const { locations, total } = await this.d.locations.ofAccountsForStaff(organisation, [accountId], {
      serviceTypes: query['services.type'],
      serviceStatuses: query['services.status'],
      limit: query.limit,
      page: query.page,
    });
    await this.viewed(context, organisation, 'account', [accountId], { via: 'accounts.locations' });
    return { data: locations, pagination: { limit: query.limit, page: query.page, total } };
  }

  /** A new user added to an account (role GUEST unless named); audited `user.create`. */
  async createUser(context: StaffAuditContext, organisation: Organisation, body: CreateUserBody): Promise<CustomerUser> {
    const [account] = await this.accounts(organisation, [body.account.accountId]);
    if (!account) throw new AppError('NOT_FOUND', { message: 'No such account' });
    if (body.inviterId && !account.users.some((u) => u._id === body.inviterId)) throw new AppError('NOT_FOUND', { message: 'The inviter is not a user of the account' });
    const email = body.email === undefined ? null : contact('email', body.email.trim());
    const phoneNumber = body.phoneNumber === undefined ? null : contact('phoneNumber', body.phoneNumber);
    const personalId = body.personalId === undefined ? null : this.normalise(organisation, 'personalId', body.personalId);
    if (personalId && (await this.d.repository.personalIdTaken(organisation.id, personalId))) throw new AppError('USER_EXISTS');
    const id = newId();
    const created = await this.d.repository.createUser(
      { id, organisationId: organisation.id, email, phoneNumber, firstName: body.firstName.trim(), lastName: body.lastName.trim(), language: body.language ?? null, personalId },
      { id: newId(), accountId: account._id, role: body.account.role },
    );
    // Another request took the personal identity number between the check above and the insert.
    if (!created) throw new AppError('USER_EXISTS');
    const [user] = await this.users(organisation, [id]);
    this.changed([`u:${id}`, `a:${account._id}`]);
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'user.create',
      subjectType: 'user',
      subjectId: id,
      before: null,
      after: { ...auditView(user!), accountId: account._id, role: body.account.role, inviterId: body.inviterId ?? null },
    });
    return user!;
  }

  /** Staff change a user's contact details, names or language; audited `user.update` with before and after. */
  async updateUser(context: StaffAuditContext, organisation: Organisation, id: string, body: UpdateUserBody): Promise<CustomerUser> {
    const [before] = await this.users(organisation, [id]);
    if (!before) throw new AppError('MISSING_USER_ID');
    await this.d.repository.updateUser(organisation.id, id, {
      ...(body.email !== undefined ? { email: body.email === null ? null : contact('email', body.email.trim()) } : {}),
      ...(body.phoneNumber !== undefined ? { phone_number: body.phoneNumber === null ? null : contact('phoneNumber', body.phoneNumber) } : {}),
      ...(body.firstName !== undefined ? { first_name: body.firstName.trim() } : {}),
      ...(body.lastName !== undefined ? { last_name: body.lastName.trim() } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
    });
    const [after] = await this.users(organisation, [id]);
    this.changed([`u:${id}`]);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'user.update', subjectType: 'user', subjectId: id, before: auditView(before), after: auditView(after!) });
    return after!;
  }

  /** A user leaves an account (never its owner); audited `user.remove-from-account`. */
  async removeFromAccount(context: StaffAuditContext, organisation: Organisation, id: string, accountId: string): Promise<CustomerUser> {
    const [user] = await this.users(organisation, [id]);
    if (!user) throw new AppError('MISSING_USER_ID');
    const membership = await this.d.repository.membership(organisation.id, id, accountId);
    if (!membership) throw new AppError('NOT_FOUND');
    const [account] = await this.accounts(organisation, [accountId]);
    if (membership.role === 'OWNER' || account?.accountOwner?._id === id) throw new AppError('CANNOT_REMOVE_OWNER');
    if (!(await this.d.repository.removeMembership(organisation.id, id, accountId))) throw new AppError('NOT_FOUND');
    this.changed([`u:${id}`, `a:${accountId}`]);
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'user.remove-from-account',
      subjectType: 'user',
      subjectId: id,
      before: { accountId, role: membership.role },
      after: null,
    });
    const [after] = await this.users(organisation, [id]);
    return after!;
  }

  /**
   * `DELETE …/users/{id}/deleteuser` (decision 0041): the user, their memberships, sessions and
   * ways to sign in go; their accounts stay. Refused while they own an account others share.
   */
  async deleteUser(context: StaffAuditContext, organisation: Organisation, id: string): Promise<Deleted> {
    const [user] = await this.users(organisation, [id]);
    if (!user) throw new AppError('MISSING_USER_ID');
    const owned = await this.d.repository.ownedAccounts(organisation.id, id);
    const shared = owned.filter((a) => Number(a.others ?? 0) > 0).map((a) => a.id);
    if (shared.length > 0) throw new AppError('USER_OWNS_SHARED_ACCOUNT', { message: `The user owns ${shared.length === 1 ? 'an account' : 'accounts'} that other users share: ${shared.join(', ')}` });
    const { deleted, families } = await this.d.repository.deleteUser(organisation.id, id);
    if (!deleted) throw new AppError('MISSING_USER_ID');
    for (const family of families) this.d.sessions.markRevoked(family);
    this.changed([`u:${id}`]);
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'user.delete',
      subjectType: 'user',
      subjectId: id,
      before: { ...auditView(user), username: user.username, accounts: user.accounts.map((a) => ({ accountId: a.accountId, role: a.role })) },
      after: null,
      data: { ownerlessAccounts: owned.map((a) => a.id), sessionsEnded: families.length },
    });
    return { _id: id, deleted: true };
  }

  /** `POST …/accounts` (decision 0041): an account from the full payload; audited `account.create`. */
  async createAccount(context: StaffAuditContext, organisation: Organisation, body: CreateAccountBody): Promise<CustomerAccount> {
    const organisationNumber = body.organisationNumber === undefined ? null : this.normalise(organisation, 'organisationId', body.organisationNumber);
    if (body.ownerId !== undefined && (await this.users(organisation, [body.ownerId])).length === 0) throw new AppError('NOT_FOUND', { message: 'The owner is not a user of the organisation' });
    if (await this.d.repository.customerNumberTaken(organisation.id, body.customerId)) throw new AppError('ACCOUNT_EXISTS');
    const id = newId();
    if (!(await this.d.repository.createAccount({ id, organisationId: organisation.id, type: body.type, customerNumber: body.customerId, organisationNumber, ownerId: body.ownerId ?? null }))) throw new AppError('ACCOUNT_EXISTS');
    const [account] = await this.accounts(organisation, [id]);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'account.create', subjectType: 'account', subjectId: id, before: null, after: accountAuditView(account!) });
    return account!;
  }

  /** `DELETE …/accounts/{accountId}` (decision 0041): only an empty account; audited `account.delete`. */
  async deleteAccount(context: StaffAuditContext, organisation: Organisation, accountId: string): Promise<Deleted> {
    const [account] = await this.accounts(organisation, [accountId]);
    if (!account) throw new AppError('MISSING_ACCOUNT_ID');
    const contents = await this.d.repository.accountContents(organisation.id, accountId);
    if (contents.members > 0) throw new AppError('ACCOUNT_HAS_MEMBERS');
    if (contents.sites > 0) throw new AppError('ACCOUNT_HAS_SITES');
    if (contents.invoices > 0) throw new AppError('ACCOUNT_HAS_INVOICES');
    // a user or location added between the check and the statement keeps the account: the statement checks again
    if (!(await this.d.repository.deleteEmptyAccount(organisation.id, accountId))) throw new AppError('ACCOUNT_HAS_MEMBERS');
    this.changed([`a:${accountId}`]);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'account.delete', subjectType: 'account', subjectId: accountId, before: accountAuditView(account), after: null });
    return { _id: accountId, deleted: true };
  }

  /** `POST …/accounts/{accountId}/sites` (decision 0041): a location no account holds joins this one; audited `site.attach`. */
  async attachSite(context: StaffAuditContext, organisation: Organisation, accountId: string, siteId: string): Promise<Location> {
    const [account] = await this.accounts(organisation, [accountId]);
    if (!account) throw new AppError('MISSING_ACCOUNT_ID');
    const location = await this.d.repository.locationHolder(organisation.id, siteId);
    if (!location) throw new AppError('NOT_FOUND');
    if (location.account_id !== accountId) {
      if (location.account_id !== null || !(await this.d.repository.attachLocation(organisation.id, accountId, siteId))) throw new AppError('SITE_ATTACHED');
      this.changed([`a:${accountId}`]);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'site.attach', subjectType: 'location', subjectId: siteId, before: { accountId: null }, after: { accountId } });
    }
    const { locations } = await this.d.locations.ofAccountsForStaff(organisation, [accountId]);
    const attached = locations.find((l) => l._id === siteId);
    if (!attached) throw new AppError('NOT_FOUND');
    return attached;
  }

  /** `DELETE …/accounts/{accountId}/sites/{siteId}` (decision 0041): the location is kept, held by no account; audited `site.detach`. */
  async detachSite(context: StaffAuditContext, organisation: Organisation, accountId: string, siteId: string): Promise<Deleted> {
    if (!(await this.d.repository.detachLocation(organisation.id, accountId, siteId))) throw new AppError('NOT_FOUND');
    this.changed([`a:${accountId}`]);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'site.detach', subjectType: 'location', subjectId: siteId, before: { accountId }, after: { accountId: null } });
    return { _id: siteId, deleted: true };
  }

  /** Staff change a location's home details; audited `location.extra.update`. */
  async updateSiteExtra(context: StaffAuditContext, organisation: Organisation, accountId: string, siteId: string, extras: HomeExtrasUpdate): Promise<Location> {
    const { location, before } = await this.d.locations.updateExtrasForStaff(organisation, accountId, siteId, extras);
    this.changed([`a:${accountId}`]);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'location.extra.update', subjectType: 'location', subjectId: siteId, before, after: location.extras as Record<string, unknown> });
    return location;
  }

  /** `PUT …/accounts/{accountId}/sync`: queues the account's sync from the provider's register. */
  async requestSync(context: StaffAuditContext, organisation: Organisation, accountId: string): Promise<QueuedJobAnswer> {
    const [account] = await this.accounts(organisation, [accountId]);
    if (!account) throw new AppError('MISSING_ACCOUNT_ID');
    const answer = await this.queue(REQUESTED_JOB_QUEUES.accountSync, { organisationId: organisation.id, accountId, requestedBy: context.actorId }, accountId);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'account.sync.request', subjectType: 'account', subjectId: accountId, data: { ...answer } });
    return answer;
  }

  /** `PUT …/accounts/{accountId}/sites/{siteId}/updatehistory`: queues the rebuild of a site's history. */
  async requestSiteHistory(context: StaffAuditContext, organisation: Organisation, accountId: string, siteId: string): Promise<QueuedJobAnswer> {
    if (!(await this.d.repository.locationOfAccount(organisation.id, accountId, siteId))) throw new AppError('NOT_FOUND');
    const answer = await this.queue(REQUESTED_JOB_QUEUES.siteHistory, { organisationId: organisation.id, locationId: siteId }, siteId);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'site.history.request', subjectType: 'location', subjectId: siteId, data: { ...answer, accountId } });
    return answer;
  }

  private async queue(queue: RequestedJobQueue, data: object, key: string): Promise<QueuedJobAnswer> {
    let jobId: string | null;
    try {
      jobId = await this.d.jobs.send(queue, data, { singletonKey: key });
    } catch {
      // the sender has logged why
      throw new AppError('JOBS_UNAVAILABLE');
    }
    return { queue, jobId, state: jobId === null ? 'already-queued' : 'queued' };
  }

  /** Account prospects or their creation logs (`view`) that a sign-in (its ref) began. */
  async prospectsByRef<T>(organisation: Organisation, view: (row: ProspectRow) => T, ref: string): Promise<T[]> {
    return (await this.d.repository.prospects(organisation.id, { ref })).rows.map(view);
  }

  /** One account prospect or its creation log; 404 unless it is the organisation's. */
  async prospect<T>(organisation: Organisation, view: (row: ProspectRow) => T, id: string): Promise<T> {
    const [row] = (await this.d.repository.prospects(organisation.id, { id })).rows;
    if (!row) throw new AppError('NOT_FOUND');
    return view(row);
  }

  /** A page of account prospects or their creation logs, newest first. */
  async searchProspects<T>(organisation: Organisation, view: (row: ProspectRow) => T, search: ProspectSearch): Promise<Page<T>> {
    const { rows, total } = await this.d.repository.prospects(organisation.id, { ...search, offset: (search.page - 1) * search.limit });
    return { data: rows.map(view), pagination: { limit: search.limit, page: search.page, total } };
  }

  /** The back office's customer page in one answer. */
  async overview(context: StaffAuditContext, organisation: Organisation, userId: string): Promise<CustomerOverview> {
    const [user] = await this.users(organisation, [userId]);
    if (!user) throw new AppError('MISSING_USER_ID');
    const accountIds = user.accounts.map((a) => a.accountId);
    const [accounts, { locations }, invoices, signIns, inspectors, deletionRequestedAt, pushTokens] = await Promise.all([
      this.accounts(organisation, accountIds),
      this.d.locations.ofAccountsForStaff(organisation, accountIds),
      this.d.invoices.latestForStaff(organisation, accountIds, LATEST_INVOICES),
      this.d.repository.recentSignIns(organisation.id, userId, RECENT_SIGN_INS),
      this.d.repository.inspectors(organisation.id, { accountIds }),
      this.d.repository.deletionRequestedAt(organisation.id, userId),
      this.d.pushTokens.ofUser(organisation, userId),
    ]);
    const agreements = await this.d.agreements.ofLocationsForStaff(organisation, locations.map((l) => l._id));
    await this.viewed(context, organisation, 'user', [user._id], { via: 'users.overview' });
    return {
      user,
      accounts,
      locations,
      agreements,
      invoices,
      signIns: signIns.map((s) => ({ at: s.created_at.toISOString(), type: s.type, status: s.status, support: s.scope === 'INSPECTOR' })),
      inspectors: inspectors.map((i) => ({ adminId: i.admin_id, accountId: i.account_id, email: i.email })),
      deletionRequest: deletionRequestedAt ? { requestedAt: deletionRequestedAt.toISOString() } : null,
      pushTokens,
    };
  }

  /** `GET …/users/pushtokens/all` (decision 0042): a page of the organisation's push tokens; a `customer.view` of each user shown. */
  async listPushTokens(context: StaffAuditContext, organisation: Organisation, query: { userId?: string | undefined; limit: number; page: number }): Promise<Page<PushToken>> {
    const page = await this.d.pushTokens.page(organisation, query);
    await this.viewed(context, organisation, 'user', [...new Set(page.data.map((t) => t.userId))], { via: 'users.pushtokens' });
    return page;
  }

  /** Accounts of the organisation by id, in the order asked (unknown ids left out). */
  async accounts(organisation: Organisation, ids: readonly string[]): Promise<CustomerAccount[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await this.d.repository.accounts(organisation.id, ids)).map((row) => [row.id, toAccount(row)]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  /** Users of the organisation by id, in the order asked (unknown ids left out). */
  async users(organisation: Organisation, ids: readonly string[]): Promise<CustomerUser[]> {
    if (ids.length === 0) return [];
    const rows = new Map((await this.d.repository.users(organisation.id, ids)).map((row) => [row.id, toUser(row)]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  /** One `customer.view` entry per customer shown (none when nothing was found). */
  /**
   * A staff change drops this process's kept member reads of the users and accounts it touched at
   * once: PostgreSQL's announcement (decision 0033) reaches the others, but may come after the
   * next read here.
   */
  private changed(tags: string[]): void {
    this.d.reads?.invalidate(tags);
  }

  private async viewed(context: StaffAuditContext, organisation: Organisation, subjectType: 'account' | 'user', ids: readonly string[], data: Record<string, unknown>): Promise<void> {
    for (const id of ids) await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'customer.view', subjectType, subjectId: id, data });
  }
}

/** A contact detail by the portal's rules (packages/contracts/src/contact.ts), the phone normalised. */
function contact(field: 'email' | 'phoneNumber', value: string): string {
  const normalised = field === 'phoneNumber' ? normalisePhoneNumber(value) : value;
  const problem = contactProblem(field, normalised);
  if (problem) throw new AppError(problem);
  return normalised;
}

/** A user as the audit log keeps them: contact details and names, whether they have a personal number (not the number). */
function auditView(user: CustomerUser): Record<string, unknown> {
  return { email: user.email, phoneNumber: user.phoneNumber, firstName: user.firstName, lastName: user.lastName, language: user.language, hasPersonalId: user.personalId !== null };
}

type CreateUserBody = z.output<typeof CreateCustomerUserRequest>;
type UpdateUserBody = z.output<typeof UpdateCustomerUserRequest>;
type CreateAccountBody = z.output<typeof CreateCustomerAccountRequest>;

/** An account as the audit log keeps it: its numbers, type and owner. */
function accountAuditView(account: CustomerAccount): Record<string, unknown> {
  return { type: account.type, customerId: account.provider.customerId, organisationNumber: account.organisationNumber, ownerId: account.accountOwner?._id ?? null };
}

function person(row: { id: string; email: string | null; first_name: string; last_name: string; phone_number: string | null; personal_id: string | null }): CustomerPerson {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: formatPersonName({ firstName: row.first_name, lastName: row.last_name }),
    phoneNumber: row.phone_number,
    personalId: row.personal_id,
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toAccount(row: AccountRow): CustomerAccount {
  const users = row.users.map((u) => ({ ...person(u), role: u.role as AccountRole }));
  const owner = row.users.find((u) => u.id === row.account_owner_id);
  return {
    _id: row.id,
    accountId: row.id,
    type: row.type as AccountType,
    provider: { customerId: row.provider_customer_id },
    organisationNumber: row.organisation_number,
    accountOwner: owner ? person(owner) : null,
    users,
    locationCount: Number(row.location_count ?? 0),
    createdAt: iso(row.created_at)!,
    lastSeen: iso(row.last_seen),
  };
}

export function toUser(row: UserRow): CustomerUser {
  return {
    ...person(row),
    username: row.username,
    language: row.language as Language | null,
    customerNumber: row.memberships[0]?.provider_customer_id ?? row.customer_number,
    accounts: row.memberships.map((m) => ({ accountId: m.account_id, role: m.role as AccountRole, type: m.type as AccountType, customerId: m.provider_customer_id })),
    createdAt: iso(row.created_at)!,
    lastSeen: iso(row.last_seen),
  };
}

export function toProspect(row: ProspectRow): AccountProspect {
  return {
    _id: row.id,
    status: row.status as ProspectStatus,
    customerId: row.customer_number,
    userId: row.user_id,
    accountId: row.account_id,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toCreationLog(row: ProspectRow): AccountCreationLog {
  return {
    _id: row.id,
    prospectId: row.id,
    status: row.status as ProspectStatus,
    customerId: row.customer_number,
    accountId: row.account_id,
    entries: row.log.map((entry) => ({ status: entry.status, at: entry.at })),
    error: row.error,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
