import { Id, SLUG_PATTERN } from '@gridline/contracts/common';
import type { Language, SignInType } from '@gridline/contracts/enums';
import type { PortalFlags, PublicRelease } from '@gridline/contracts/settings';
import { timeZoneFor } from '@gridline/locale/languages';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { AppError } from '../../lib/errors.ts';
import type { PublishedRelease, SettingsService } from '../settings/service.ts';
import type { OrganisationsRepository } from './repository.ts';

/** A tenant: its identity, and the configuration in force from its latest published release. */
export interface Organisation {
  id: string;
  slug: string;
  name: string;
  country: 'SE' | 'NO' | 'FI' | 'AT';
  currency: 'SEK' | 'NOK' | 'EUR';
  timeZone: string;
  languages: Language[];
  defaultLanguage: Language;
  signInMethods: SignInType[];
  flags: PortalFlags;
  release: PublishedRelease;
  /** Its staff sign in with a second factor (decision 0035). */
  staffSecondFactor: boolean;
  /** Days its audit entries are kept. */
  auditRetentionDays: number;
}

const CACHE_MS = 30_000;
/**
 * Slugs come from paths, queries and host names, so a client can name any number of them: the
 * caches are bounded (decision 0030). Unknown slugs have a cache of their own, so that a flood of
 * invented ones never pushes the real organisations out.
 */
const KNOWN_CAPACITY = 1_000;
const UNKNOWN_CAPACITY = 1_000;

/** Organisations change rarely and are read on every request, so they are cached briefly. */
export class OrganisationsService {
  private readonly repository: OrganisationsRepository;
  private readonly settings: SettingsService;
  private readonly known = new BoundedCache<string, Organisation>({ capacity: KNOWN_CAPACITY, ttlMs: CACHE_MS });
  private readonly unknown = new BoundedCache<string, true>({ capacity: UNKNOWN_CAPACITY, ttlMs: CACHE_MS });
  /** id → slug; ids come from signed tokens, and slugs never change. */
  private readonly slugs = new BoundedCache<string, string>({ capacity: KNOWN_CAPACITY, ttlMs: Number.POSITIVE_INFINITY });

  constructor(repository: OrganisationsRepository, settings: SettingsService) {
    this.repository = repository;
    this.settings = settings;
  }

  /** How many slugs the caches hold, known and unknown (for tests of the bound). */
  get cachedSlugs(): number {
    return this.known.size + this.unknown.size;
  }

  /** `fresh` skips the cache (a release's `bypassCache=true`). */
  async findBySlug(slug: string, options: { fresh?: boolean } = {}): Promise<Organisation | null> {
    // A slug the database's check would refuse names no organisation: neither asked nor cached.
    if (!SLUG_PATTERN.test(slug)) return null;
    if (!options.fresh) {
      const hit = this.known.get(slug);
      if (hit) return hit;
      if (this.unknown.get(slug)) return null;
    }
    const row = await this.repository.findBySlug(slug);
    const value = row ? await this.withRelease(row) : null;
    if (value) {
      this.known.set(slug, value);
      this.unknown.delete(slug);
    } else {
      this.known.delete(slug);
      this.unknown.set(slug, true);
    }
    return value;
  }

  async getBySlug(slug: string, options: { fresh?: boolean } = {}): Promise<Organisation> {
    const organisation = await this.findBySlug(slug, options);
    if (!organisation) throw new AppError('UNKNOWN_ORGANISATION');
    return organisation;
  }

  /**
   * The organisation of an id (a token's `organisationId`), for the `/v3/…` calls that carry no
   * organisation in their path. Slugs never change, so the id → slug lookup is kept.
   */
  async findById(id: string): Promise<Organisation | null> {
    if (!Id.safeParse(id).success) return null;
    let slug = this.slugs.get(id);
    if (slug === undefined) {
      const row = await this.repository.findById(id);
      if (!row) return null;
      slug = row.slug;
      this.slugs.set(id, slug);
    }
    return this.findBySlug(slug);
  }

  /** Requires a second factor of the organisation's staff, or stops requiring it; the answer is the organisation as it is now. */
  async setStaffSecondFactor(organisation: Organisation, required: boolean): Promise<Organisation> {
    await this.repository.setStaffSecondFactor(organisation.id, required);
    this.invalidate(organisation.slug);
    return this.getBySlug(organisation.slug);
  }

  /** Sets how many days the organisation's audit entries are kept; the answer is the organisation as it is now. */
  async setAuditRetentionDays(organisation: Organisation, days: number): Promise<Organisation> {
    await this.repository.setAuditRetentionDays(organisation.id, days);
    this.invalidate(organisation.slug);
    return this.getBySlug(organisation.slug);
  }

  /** Every organisation (platform staff choose among them), by name. */
  async list(): Promise<Organisation[]> {
    const rows = await this.repository.list();
    const all = await Promise.all(rows.map((row) => this.findBySlug(row.slug)));
    return all.filter((o): o is Organisation => o !== null).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Forget the cached configuration, after a release is published. */
  invalidate(slug?: string): void {
    if (slug) {
      this.known.delete(slug);
      this.unknown.delete(slug);
    } else {
      this.known.clear();
      this.unknown.clear();
    }
  }

  identity(o: Organisation): PublicRelease['organisation'] {
    return { slug: o.slug, name: o.name, country: o.country, currency: o.currency, timeZone: o.timeZone };
  }

  private async withRelease(row: NonNullable<Awaited<ReturnType<OrganisationsRepository['findBySlug']>>>): Promise<Organisation> {
    const release = await this.settings.latest(row.id, row.name);
    const flags = release.content.featureFlags.flags;
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      country: row.country as Organisation['country'],
      currency: row.currency as Organisation['currency'],
      timeZone: timeZoneFor(row.country),
      languages: flags.LANGUAGES,
      defaultLanguage: flags.LANGUAGES[0] ?? 'sv',
      signInMethods: flags.SIGN_IN_METHODS,
      flags,
      release,
      staffSecondFactor: row.staff_second_factor,
      auditRetentionDays: row.audit_retention_days,
    };
  }
}
