import type { ProspectState, ProspectStatus } from '@gridline/contracts/auth';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ProspectsRepository, ProspectRow } from './repository.ts';

/** A client gives up after 10 minutes (spec 000 §9); a prospect still open then is abandoned. */
export const PROSPECT_LIFETIME_MS = 10 * 60_000;

/** The steps before the account is created, each taken once the one before is `stepDelayMs` old. */
const STEPS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['new', 'valid'],
  ['valid', 'provider_pending'],
  ['provider_resolved', 'account_waiting'],
  ['account_waiting', 'account_pending'],
];

export interface ProspectsServiceOptions {
  /** How long each step waits after the one before, standing in for the provider's systems. Default 150 ms. */
  stepDelayMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Creates the account of a person the provider knows but who has none here, on their first
 * sign-in (spec 000 §4.1, spec 001 §3): `new` → `valid` → `provider_pending` →
 * `provider_resolved` → `account_waiting` → `account_pending` → `account_resolved`, and
 * `signed_in` once the tokens are fetched. The user and account ids are reserved at the start,
 * so the sign-in can already name them while the client polls.
 *
 * Nothing of a prospect lives in this process (decision 0013): its row is the whole state, and a
 * step is taken by whichever API process the client's poll of the prospect reaches, once the
 * step is due by the row's `updated_at`, in one guarded statement, so two
 * processes can never take the same step twice and a restart loses nothing.
 */
export class ProspectsService {
  private readonly repository: ProspectsRepository;
  private readonly stepDelayMs: number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(repository: ProspectsRepository, options: ProspectsServiceOptions = {}) {
    this.repository = repository;
    this.stepDelayMs = options.stepDelayMs ?? 150;
    this.log = options.log ?? (() => {});
  }

  /** The open prospect of that customer, or a new one; its account is created as it is asked about. */
  async begin(organisationId: string, providerCustomerId: string, authRef: string): Promise<{ id: string; userId: string; accountId: string }> {
    const open = await this.repository.findOpen(organisationId, providerCustomerId);
    if (open) return { id: open.id, userId: open.user_id, accountId: open.account_id };
    const row = { id: newId(), organisationId, providerCustomerId, authRef, userId: newId(), accountId: newId() };
    await this.repository.insert(row);
    return { id: row.id, userId: row.userId, accountId: row.accountId };
  }

  /** `GET …/accessToken?prospect=` (the client's poll): takes the steps that are due, then answers where the prospect stands. */
  async state(organisationId: string, id: string): Promise<ProspectState> {
    const prospect = await this.current(organisationId, id);
    return { prospect: prospect.id, status: prospect.status as ProspectStatus };
  }

  /** The prospect as it stands; NOT_FOUND for another organisation's or a malformed id. */
  async find(organisationId: string, id: string): Promise<ProspectRow> {
    if (!/^[0-9a-f]{24}$/.test(id)) throw new AppError('NOT_FOUND');
    const prospect = await this.repository.find(organisationId, id);
    if (!prospect) throw new AppError('NOT_FOUND');
    return prospect;
  }

  /** The prospect after the steps that were due (the client's poll moves it on). */
  private async current(organisationId: string, id: string): Promise<ProspectRow> {
    let prospect: ProspectRow | undefined = await this.find(organisationId, id);
    // Each step moves `updated_at` to now, so the next is due a delay later: a poll takes one step (more when it is slow).
    for (let i = 0; i < 8 && prospect; i += 1) {
      const moved = await this.step(prospect).catch((error: unknown) => {
        this.log(`account prospect ${id}: a step failed`, error);
        return false;
      });
      if (!moved) break;
      prospect = await this.repository.find(organisationId, id);
    }
    if (!prospect) throw new AppError('NOT_FOUND');
    return prospect;
  }

  async markSignedIn(id: string): Promise<void> {
    await this.repository.setStatus(id, 'signed_in', { from: ['account_resolved'] });
  }

  /** Prospects not moved on in 10 minutes are abandoned (the sign-in clean-up calls this). */
  abandonStale(): Promise<number> {
    return this.repository.abandonStale(PROSPECT_LIFETIME_MS);
  }

  /** Takes the prospect's next step if it is due; true when it moved. */
  private async step(prospect: ProspectRow): Promise<boolean> {
    const delay = this.stepDelayMs;
    const plain = STEPS.find(([from]) => from === prospect.status);
    if (plain) return this.repository.setStatus(prospect.id, plain[1], { from: [plain[0]], dueAfterMs: delay });
    if (prospect.status === 'provider_pending') {
      // Ask the provider's register again: the customer may have left since the sign-in began.
      const customer = await this.repository.providerCustomer(prospect.provider_customer_id);
      return customer
        ? this.repository.setStatus(prospect.id, 'provider_resolved', { from: ['provider_pending'], dueAfterMs: delay })
        : this.repository.setStatus(prospect.id, 'provider_failed', { from: ['provider_pending'], dueAfterMs: delay, error: 'The provider no longer knows the customer' });
    }
    if (prospect.status === 'account_pending') {
      const customer = await this.repository.providerCustomer(prospect.provider_customer_id);
      if (!customer) return this.repository.setStatus(prospect.id, 'account_failed', { from: ['account_pending'], dueAfterMs: delay, error: 'The provider no longer knows the customer' });
      try {
        return await this.repository.createAccount(prospect.id, customer, delay);
      } catch (error) {
        this.log(`account prospect ${prospect.id}: the account could not be created`, error);
        return this.repository.setStatus(prospect.id, 'account_failed', { from: ['account_pending'], error: error instanceof Error ? error.message.slice(0, 200) : 'unknown' });
      }
    }
    return false;
  }
}
