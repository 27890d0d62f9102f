import type { ProspectState, ProspectStatus } from '@gridline/contracts/auth';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ProspectsRepository, ProspectRow } from './repository.ts';

/** A client gives up after 10 minutes (spec 000 §9); a prospect still open then is abandoned. */
export const PROSPECT_LIFETIME_MS = 10 * 60_000;

export interface ProspectsServiceOptions {
  /** The pause before each step, standing in for the provider's systems. Default 150 ms. */
  stepDelayMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Creates the account of a person the provider knows but who has none here, on their first
 * sign-in (spec 000 §4.1, spec 001 §3): `new` → `valid` → `provider_pending` →
 * `provider_resolved` → `account_waiting` → `account_pending` → `account_resolved`, and
 * `signed_in` once the tokens are fetched. The user and account ids are reserved at the start,
 * so the sign-in can already name them while the client polls.
 */
export class ProspectsService {
  private readonly repository: ProspectsRepository;
  private readonly stepDelayMs: number;
  private readonly now: () => number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly running = new Map<string, Promise<void>>();

  constructor(repository: ProspectsRepository, options: ProspectsServiceOptions = {}) {
    this.repository = repository;
    this.stepDelayMs = options.stepDelayMs ?? 150;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  /** The open prospect of that customer, or a new one; its account is created in the background. */
  async begin(organisationId: string, providerCustomerId: string, authRef: string): Promise<{ id: string; userId: string; accountId: string }> {
    const open = await this.repository.findOpen(organisationId, providerCustomerId);
    if (open) {
      this.kick(open.id, organisationId);
      return { id: open.id, userId: open.user_id, accountId: open.account_id };
    }
    const row = { id: newId(), organisationId, providerCustomerId, authRef, userId: newId(), accountId: newId() };
    await this.repository.insert(row);
    this.kick(row.id, organisationId);
    return { id: row.id, userId: row.userId, accountId: row.accountId };
  }

  async state(organisationId: string, id: string): Promise<ProspectState> {
    const prospect = await this.find(organisationId, id);
    // A prospect whose run was lost (a restart) is picked up again by the next poll.
    this.kick(prospect.id, organisationId);
    return { prospect: prospect.id, status: prospect.status as ProspectStatus };
  }

  async find(organisationId: string, id: string): Promise<ProspectRow> {
    if (!/^[0-9a-f]{24}$/.test(id)) throw new AppError('NOT_FOUND');
    const prospect = await this.repository.find(organisationId, id);
    if (!prospect) throw new AppError('NOT_FOUND');
    return prospect;
  }

  async markSignedIn(id: string): Promise<void> {
    await this.repository.setStatus(id, 'signed_in', { from: ['account_resolved'] });
  }

  /** Prospects not finished in 10 minutes are abandoned (the scheduled clean-up calls this). */
  async abandonStale(): Promise<number> {
    const stale = await this.repository.staleOpen(new Date(this.now() - PROSPECT_LIFETIME_MS));
    for (const { id } of stale) await this.repository.setStatus(id, 'abandoned', { from: ['new', 'updated', 'valid', 'provider_pending', 'provider_resolved', 'account_waiting', 'account_pending'] });
    return stale.length;
  }

  /** Waits for the background run of a prospect (tests). */
  async settled(id: string): Promise<void> {
    await this.running.get(id);
  }

  private kick(id: string, organisationId: string): void {
    if (this.running.has(id)) return;
    const run = this.run(id, organisationId)
      .catch((error: unknown) => this.log(`account prospect ${id} failed`, error))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async run(id: string, organisationId: string): Promise<void> {
    const pause = () => new Promise((resolve) => setTimeout(resolve, this.stepDelayMs));
    const step = async (from: string, to: string) => {
      await pause();
      return this.repository.setStatus(id, to, { from: [from] });
    };
    let prospect = await this.repository.find(organisationId, id);
    if (!prospect) return;
    if (prospect.status === 'new' && !(await step('new', 'valid'))) return;
    prospect = await this.repository.find(organisationId, id);
    if (prospect?.status === 'valid' && !(await step('valid', 'provider_pending'))) return;
    // Ask the provider's register again: the customer may have left since the sign-in began.
    const customer = await this.repository.providerCustomer(prospect!.provider_customer_id);
    prospect = await this.repository.find(organisationId, id);
    if (prospect?.status === 'provider_pending') {
      await pause();
      if (!customer) {
        await this.repository.setStatus(id, 'provider_failed', { from: ['provider_pending'], error: 'The provider no longer knows the customer' });
        return;
      }
      if (!(await this.repository.setStatus(id, 'provider_resolved', { from: ['provider_pending'] }))) return;
    }
    prospect = await this.repository.find(organisationId, id);
    if (prospect?.status === 'provider_resolved' && !(await step('provider_resolved', 'account_waiting'))) return;
    prospect = await this.repository.find(organisationId, id);
    if (prospect?.status === 'account_waiting' && !(await step('account_waiting', 'account_pending'))) return;
    prospect = await this.repository.find(organisationId, id);
    if (prospect?.status !== 'account_pending' || !customer) return;
    await pause();
    try {
      await this.repository.createAccount(prospect, customer, new Date(this.now()).toISOString().slice(0, 10));
    } catch (error) {
      this.log(`account prospect ${id}: the account could not be created`, error);
      await this.repository.setStatus(id, 'account_failed', { from: ['account_pending'], error: error instanceof Error ? error.message.slice(0, 200) : 'unknown' });
    }
  }
}
