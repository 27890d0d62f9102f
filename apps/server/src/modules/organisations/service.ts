import type { Language, SignInType } from '@gridline/contracts/enums';
import type { PortalFlags, PublicRelease } from '@gridline/contracts/settings';
import { timeZoneFor } from '@gridline/locale/languages';
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
}

const CACHE_MS = 30_000;

/** Organisations change rarely and are read on every request, so they are cached briefly. */
export class OrganisationsService {
  private readonly repository: OrganisationsRepository;
  private readonly settings: SettingsService;
  private readonly cache = new Map<string, { at: number; value: Organisation | null }>();
  private readonly slugs = new Map<string, string>();

  constructor(repository: OrganisationsRepository, settings: SettingsService) {
    this.repository = repository;
    this.settings = settings;
  }

  /** `fresh` skips the cache (a release's `bypassCache=true`). */
  async findBySlug(slug: string, options: { fresh?: boolean } = {}): Promise<Organisation | null> {
    const hit = this.cache.get(slug);
    if (hit && !options.fresh && Date.now() - hit.at < CACHE_MS) return hit.value;
    const row = await this.repository.findBySlug(slug);
    const value = row ? await this.withRelease(row) : null;
    this.cache.set(slug, { at: Date.now(), value });
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
    let slug = this.slugs.get(id);
    if (slug === undefined) {
      const row = await this.repository.findById(id);
      if (!row) return null;
      slug = row.slug;
      this.slugs.set(id, slug);
    }
    return this.findBySlug(slug);
  }

  /** Forget the cached configuration, after a release is published. */
  invalidate(slug?: string): void {
    if (slug) this.cache.delete(slug);
    else this.cache.clear();
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
    };
  }
}
