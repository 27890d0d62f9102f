import type { AuthProcess, LoginRequest } from '@gridline/contracts/auth';
import { AppError } from '../../../lib/errors.ts';
import type { Organisation } from '../../organisations/service.ts';
import type { ProcessRow } from '../repository.ts';
import type { BankIdMethod } from './bankid.ts';
import { assertOffered, failProcess, stateOf, type MethodKit, type RequestContext } from './kit.ts';
import { actAsFrom, findCustomer, recordSupportSession, type ActAs } from './support.ts';

interface AdminBankIdState {
  actAs: ActAs;
}

/**
 * Admin BankID in support mode (ADMIN_BANKID, spec 000 §2.5): an admin names the customer
 * (personal number, customer number or username) and identifies with their own BankID, on this
 * device or by the QR code. When BankID answers, the personal number must belong to an admin who
 * may help this organisation; then the customer is looked up, and the process is done for that
 * customer with scope INSPECTOR and the admin as inspector, exactly as the password path
 * (ADMIN) ends. The customer is looked up only after the admin is known, so the method tells an
 * anonymous caller nothing about who is a customer. Offered where SIGN_IN_METHODS lists
 * ADMIN_BANKID and BankID is configured.
 */
export class AdminBankIdMethod {
  private readonly kit: MethodKit;
  private readonly bankid: BankIdMethod;
  constructor(kit: MethodKit, bankid: BankIdMethod) {
    this.kit = kit;
    this.bankid = bankid;
  }

  async start(organisation: Organisation, body: LoginRequest, context: RequestContext): Promise<AuthProcess> {
    assertOffered(organisation, 'ADMIN_BANKID');
    if (await this.kit.addressLimiter.isBlocked(context.address)) throw new AppError('TOO_MANY_ATTEMPTS');
    const actAs = actAsFrom(organisation, body);
    const state: AdminBankIdState = { actAs };
    return this.bankid.order(organisation, context, { type: 'ADMIN_BANKID', otherDevice: body.otherDevice ?? false, state: { ...state } });
  }

  /** BankID identified `personalNumber`: an admin who may help here starts the support session. */
  async complete(organisation: Organisation, process: ProcessRow, personalNumber: string): Promise<void> {
    const admin = await this.kit.repository.findHelpingAdminByPersonalId(organisation.id, personalNumber);
    if (!admin) {
      if (process.client_address) await this.kit.addressLimiter.fail(process.client_address);
      await failProcess(this.kit, process, 'error', 'USER_NOT_FOUND', 'No admin with that personal number may help this organisation');
      return;
    }
    const { actAs } = stateOf<AdminBankIdState>(process);
    const customer = await findCustomer(this.kit, organisation, actAs);
    if (!customer) {
      await failProcess(this.kit, process, 'error', 'NOT_FOUND', 'No customer with that identity');
      return;
    }
    const done = await this.kit.repository.updateProcess(
      process.ref,
      { status: 'done', userId: customer.id, scope: 'INSPECTOR', inspectorId: admin.id },
      'process',
    );
    if (!done) return;
    await recordSupportSession(this.kit, organisation, {
      admin,
      customerId: customer.id,
      ref: process.ref,
      method: 'ADMIN_BANKID',
      actAs: actAs.as,
      address: process.client_address,
    });
  }
}
