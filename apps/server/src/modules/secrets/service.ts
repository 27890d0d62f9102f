import { secretDefinitionOf, secretDefinitions, secretScopesForAll, type Secret, type SecretKey, type SecretMeta } from '@gridline/contracts/secrets';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Sealer } from '../../lib/sealing.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import type { SecretRow, SecretsRepository } from './repository.ts';

/**
 * Whether a staff member reaches a secret (spec 002 §6): ADMIN, SUPPORT and SERVICE every one;
 * ORG_ADMIN the customer-facing ones; nobody else. The organisation is decided before, by the
 * access rule (`requireScope` under the path's organisation, `staffOrganisation` for a query's).
 */
export function mayReachSecret(scope: string, key: SecretKey): boolean {
  if ((secretScopesForAll as readonly string[]).includes(scope)) return true;
  return scope === 'ORG_ADMIN' && secretDefinitionOf(key).customerFacing;
}

/** The audit log's view of a secret: which key, never its value (the change is `changed: ['value']`). */
const auditView = (key: SecretKey) => ({ key, category: secretDefinitionOf(key).category });

/**
 * Secrets (spec 002 §3, §6, §7): a defined list of keys per organisation, each value sealed with
 * the app's Sealer (AES-256-GCM, key id stored beside it). A value leaves the service only in the
 * answer of `get`; never in a log, an error or an audit entry.
 */
export class SecretsService {
  private readonly repository: SecretsRepository;
  private readonly d: { access: AccessService; audit: AuditService; sealer: Sealer };
  constructor(repository: SecretsRepository, deps: { access: AccessService; audit: AuditService; sealer: Sealer }) {
    this.repository = repository;
    this.d = deps;
  }

  private assertReach(staff: StaffClaims, key: SecretKey): void {
    if (!mayReachSecret(staff.scope, key)) throw new AppError('FORBIDDEN', { message: 'This secret is not customer facing: only platform staff reach it' });
  }

  private metaOf(organisation: Organisation, key: SecretKey, row: SecretRow | undefined): SecretMeta {
    const definition = secretDefinitionOf(key);
    return {
      _id: row?.id ?? null,
      key,
      category: definition.category,
      customerFacing: definition.customerFacing,
      description: definition.description,
      organisation: organisation.slug,
      set: row !== undefined,
      createdAt: row?.created_at.toISOString() ?? null,
      updatedAt: row?.updated_at.toISOString() ?? null,
      updatedBy: row?.updated_by ?? null,
    };
  }

  /** Every defined key the staff member reaches, set or not, without values. */
  async listMeta(staff: StaffClaims, slug: string | undefined): Promise<SecretMeta[]> {
    const organisation = await this.d.access.staffOrganisation(staff, slug, { required: true });
    const rows = new Map((await this.repository.list(organisation.id)).map((row) => [row.key, row]));
    return secretDefinitions.filter((d) => mayReachSecret(staff.scope, d.key)).map((d) => this.metaOf(organisation, d.key, rows.get(d.key)));
  }

  private async setRow(staff: StaffClaims, organisation: Organisation, key: SecretKey): Promise<SecretRow> {
    this.assertReach(staff, key);
    const row = await this.repository.find(organisation.id, key);
    if (!row) throw new AppError('NOT_FOUND', { message: 'The secret holds no value' });
    return row;
  }

  async meta(staff: StaffClaims, organisation: Organisation, key: SecretKey): Promise<SecretMeta> {
    return this.metaOf(organisation, key, await this.setRow(staff, organisation, key));
  }

  /** The value, for those who reach it; the read is an audit entry (without the value). */
  async get(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, key: SecretKey): Promise<Secret> {
    const row = await this.setRow(staff, organisation, key);
    const value = this.d.sealer.open(row.sealed);
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'secret.read', subjectType: 'secret', subjectId: row.id, data: auditView(key), changed: [] });
    return { ...this.metaOf(organisation, key, row), value };
  }

  async create(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, key: SecretKey, value: string): Promise<void> {
    this.assertReach(staff, key);
    const id = newId();
    const sealed = this.d.sealer.seal(value.trim());
    const inserted = await this.repository.insert({ id, organisationId: organisation.id, key, keyId: Sealer.keyIdOf(sealed), sealed, updatedBy: staff.email });
    if (!inserted) throw new AppError('SECRET_EXISTS');
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'secret.create', subjectType: 'secret', subjectId: id, before: null, after: auditView(key), changed: ['value'] });
  }

  async replace(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, key: SecretKey, value: string): Promise<void> {
    const row = await this.setRow(staff, organisation, key);
    const sealed = this.d.sealer.seal(value.trim());
    if (!(await this.repository.replace(organisation.id, key, { keyId: Sealer.keyIdOf(sealed), sealed, updatedBy: staff.email }))) throw new AppError('NOT_FOUND');
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'secret.update', subjectType: 'secret', subjectId: row.id, before: auditView(key), after: auditView(key), changed: ['value'] });
  }

  async delete(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, key: SecretKey): Promise<void> {
    const row = await this.setRow(staff, organisation, key);
    if (!(await this.repository.delete(organisation.id, key))) throw new AppError('NOT_FOUND');
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'secret.delete', subjectType: 'secret', subjectId: row.id, before: auditView(key), after: null, changed: ['value'] });
  }

  /* Environment sync (decision 0060). */

  /** The values of the organisation's set secrets that the staff member reaches, to send to another installation (an audit entry per key, without the value). */
  async valuesForSync(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, target: string): Promise<Array<{ key: SecretKey; value: string }>> {
    const rows = (await this.repository.list(organisation.id)).filter((row) => secretDefinitions.some((d) => d.key === row.key) && mayReachSecret(staff.scope, row.key as SecretKey));
    const values = rows.map((row) => ({ key: row.key as SecretKey, value: this.d.sealer.open(row.sealed) }));
    for (const row of rows) await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'secret.sync.send', subjectType: 'secret', subjectId: row.id, data: { ...auditView(row.key as SecretKey), targetEnvironment: target }, changed: [] });
    return values;
  }

  /**
   * Writes secrets another installation sent, as the token's issuer could by hand: every key must
   * be one the issuer reaches, or nothing is written (403). Each is sealed with this installation's key.
   */
  async receive(issuer: StaffClaims, context: StaffAuditContext, organisation: Organisation, secrets: ReadonlyArray<{ key: SecretKey; value: string }>, from: string): Promise<SecretKey[]> {
    const refused = secrets.filter((s) => !mayReachSecret(issuer.scope, s.key)).map((s) => s.key);
    if (refused.length > 0) throw new AppError('FORBIDDEN', { message: `The sync token's issuer does not reach ${refused.join(', ')}` });
    for (const { key, value } of secrets) {
      const sealed = this.d.sealer.seal(value.trim());
      const write = { keyId: Sealer.keyIdOf(sealed), sealed, updatedBy: issuer.email };
      const id = newId();
      const created = await this.repository.insert({ id, organisationId: organisation.id, key, ...write });
      if (!created) await this.repository.replace(organisation.id, key, write);
      const row = await this.repository.find(organisation.id, key);
      await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'secret.sync.receive', subjectType: 'secret', subjectId: row?.id ?? id, data: { ...auditView(key), from }, before: created ? null : auditView(key), after: auditView(key), changed: ['value'] });
    }
    return secrets.map((s) => s.key);
  }
}
