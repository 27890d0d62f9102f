import { createHash } from 'node:crypto';
import { assetFormats, assetIdOf, assetPath, type Asset, type AssetKind, type PutAssetRequest, type ThemeUse } from '@gridline/contracts/assets';
import type { SyncedAsset } from '@gridline/contracts/environment-sync';
import { AssetProblemError, checkPixels, checkUpload } from '@gridline/contracts/image-headers';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { AssetContentRow, AssetRow, AssetsRepository, AssetWrite } from './repository.ts';
import { sanitiseSvg } from './svg.ts';

/**
 * Assets (spec 002 §7, issue 17, decision 0048): staff of the organisation list, upload, replace
 * and delete its logos, favicons and images; anyone reads the bytes by id. Every upload is checked
 * from its bytes (format, header, limits) and an SVG is stored sanitised. Every change is an audit
 * entry with name, kind, type, size, pixels and SHA-256, never the bytes.
 */
export class AssetsService {
  private readonly repository: AssetsRepository;
  private readonly d: { access: AccessService; audit: AuditService; settings: SettingsService };

  constructor(repository: AssetsRepository, deps: { access: AccessService; audit: AuditService; settings: SettingsService }) {
    this.repository = repository;
    this.d = deps;
  }

  async list(staff: StaffClaims, query: { organisation?: string | undefined; kind?: AssetKind | undefined; limit: number; page: number }) {
    const organisation = await this.d.access.staffOrganisation(staff, query.organisation, { required: true });
    const [{ rows, total }, uses] = await Promise.all([this.repository.page(organisation.id, { kind: query.kind }, query.limit, query.page), this.themeUses(organisation)]);
    return { data: rows.map((row) => toAsset(row, organisation.slug, uses)), pagination: { limit: query.limit, page: query.page, total } };
  }

  /** A new asset, or (with `id`) the replacement of one, which keeps its id. */
  async put(staff: StaffClaims, context: StaffAuditContext, organisationSlug: string | undefined, body: PutAssetRequest): Promise<Asset> {
    const organisation = await this.d.access.staffOrganisation(staff, organisationSlug, { required: true });
    const before = body.id ? await this.repository.find(organisation.id, body.id) : undefined;
    if (body.id && !before) throw new AppError('NOT_FOUND');
    const write = prepareUpload(body);
    const by = staff.email;
    const row = before
      ? await this.repository.replace(organisation.id, before.id, { ...write, updated_by: by })
      : await this.repository.insert({ ...write, id: newId(), organisation_id: organisation.id, created_by: by, updated_by: by });
    if (!row) throw new AppError('NOT_FOUND');
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: before ? 'asset.replace' : 'asset.create',
      subjectType: 'asset',
      subjectId: row.id,
      before: before ? auditView(before) : null,
      after: auditView(row),
    });
    return toAsset(row, organisation.slug, await this.themeUses(organisation));
  }

  async delete(staff: StaffClaims, context: StaffAuditContext, organisationSlug: string | undefined, id: string): Promise<void> {
    const organisation = await this.d.access.staffOrganisation(staff, organisationSlug, { required: true });
    const existing = await this.repository.find(organisation.id, id);
    if (!existing) throw new AppError('NOT_FOUND');
    const uses = (await this.themeUses(organisation)).get(id);
    if (uses && uses.length > 0) throw new AppError('ASSET_IN_USE', { data: { themeUse: uses } });
    const row = await this.repository.delete(organisation.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'asset.delete', subjectType: 'asset', subjectId: id, before: auditView(row), after: null });
  }

  /** The bytes of an asset, when it is of the `type` asked for (a kind or a format); else undefined. */
  async content(id: string, type: string | undefined): Promise<AssetContentRow | undefined> {
    const row = await this.repository.content(id);
    if (!row || !type) return row;
    const format = (Object.keys(assetFormats) as Array<keyof typeof assetFormats>).find((name) => assetFormats[name] === row.content_type);
    return type === row.kind || type === format ? row : undefined;
  }

  /** What the organisation's published theme uses each asset for. */
  private async themeUses(organisation: Pick<Organisation, 'id' | 'name'>): Promise<Map<string, ThemeUse[]>> {
    const { theme } = (await this.d.settings.latest(organisation.id, organisation.name)).content;
    const uses = new Map<string, ThemeUse[]>();
    const add = (id: string | null, use: ThemeUse) => {
      if (id) uses.set(id, [...(uses.get(id) ?? []), use]);
    };
    add(assetIdOf(theme.logo?.url), 'logo');
    add(assetIdOf(theme.favicon), 'favicon');
    return uses;
  }

  /* Environment sync (decision 0060). */

  /** The organisation's assets of these ids, with their bytes, to send with a release to another installation. */
  async forSync(organisationId: string, ids: readonly string[]): Promise<SyncedAsset[]> {
    const assets: SyncedAsset[] = [];
    for (const id of new Set(ids)) {
      const row = await this.repository.find(organisationId, id);
      const content = row ? await this.repository.content(id) : undefined;
      if (row && content) assets.push({ id, name: row.name, kind: row.kind as AssetKind, contentType: content.content_type, content: Buffer.from(content.content).toString('base64') });
    }
    return assets;
  }

  /**
   * Stores assets another installation sent with a release, under their own ids (the release
   * names them): each checked and sanitised as an upload is, all before any is written. Answers the
   * ids it created, so that they can be removed again if the release is refused.
   */
  async receive(context: StaffAuditContext, organisationId: string, assets: readonly SyncedAsset[], by: string): Promise<string[]> {
    const prepared = assets.map((asset) => ({ id: asset.id, write: prepareUpload(asset) }));
    const created: string[] = [];
    for (const { id, write } of prepared) {
      const before = await this.repository.find(organisationId, id);
      if (before && before.sha256 === write.sha256) continue;
      let row: AssetRow | undefined;
      if (before) row = await this.repository.replace(organisationId, id, { ...write, updated_by: by });
      else {
        // An id another organisation holds here cannot be taken (ids are random: only a forged bundle collides).
        if (await this.repository.content(id)) throw new AppError('FORBIDDEN', { message: `Asset ${id} belongs to another organisation here` });
        row = await this.repository.insert({ ...write, id, organisation_id: organisationId, created_by: by, updated_by: by });
        created.push(id);
      }
      if (row) await this.d.audit.recordStaff(context, { organisationId, action: before ? 'asset.replace' : 'asset.create', subjectType: 'asset', subjectId: id, before: before ? auditView(before) : null, after: auditView(row) });
    }
    return created;
  }

  /** Removes assets `receive` created, when the release they came with was refused. */
  async forget(organisationId: string, ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.repository.delete(organisationId, id);
  }
}

/** Checks an upload from its bytes and answers what to store (an SVG sanitised); a problem is a 400 with its key. */
export function prepareUpload(body: Pick<PutAssetRequest, 'name' | 'kind' | 'contentType' | 'content'>): AssetWrite {
  try {
    const bytes = Buffer.from(body.content, 'base64');
    const header = checkUpload(bytes, body.kind, body.contentType);
    let content = bytes;
    let { width, height } = header;
    if (header.format === 'svg') {
      const clean = sanitiseSvg(bytes);
      content = Buffer.from(clean.svg, 'utf8');
      ({ width, height } = clean);
      checkPixels(body.kind, { format: 'svg', width, height });
    }
    return {
      name: body.name.trim(),
      kind: body.kind,
      content_type: assetFormats[header.format],
      byte_size: content.length,
      width,
      height,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
    };
  } catch (error) {
    if (error instanceof AssetProblemError) throw new AppError(error.key, { message: error.message, data: { issues: [{ path: 'body.content', message: error.key }] } });
    throw error;
  }
}

export function toAsset(row: AssetRow, organisation: string, uses: ReadonlyMap<string, ThemeUse[]>): Asset {
  return {
    _id: row.id,
    organisation,
    name: row.name,
    kind: row.kind as AssetKind,
    contentType: row.content_type,
    size: row.byte_size,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    url: assetPath(row.id),
    themeUse: uses.get(row.id) ?? [],
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** An asset as the audit log keeps it: what describes the file, never its bytes. */
function auditView(row: AssetRow): Record<string, unknown> {
  return { name: row.name, kind: row.kind, contentType: row.content_type, size: row.byte_size, width: row.width, height: row.height, sha256: row.sha256 };
}
