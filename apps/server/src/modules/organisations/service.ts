import type { PublicOrganisation } from '@gridline/contracts/organisations';
import { timeZoneFor } from '@gridline/locale/languages';
import { AppError } from '../../lib/errors.ts';
import type { OrganisationsRepository } from './repository.ts';

export interface Organisation {
  id: string;
  slug: string;
  name: string;
  country: 'SE' | 'NO' | 'FI' | 'AT';
  currency: 'SEK' | 'NOK' | 'EUR';
  timeZone: string;
  languages: string[];
  defaultLanguage: string;
  signInMethods: string[];
  flags: Record<string, unknown>;
  theme: Record<string, unknown>;
}

const CACHE_MS = 30_000;

/** Organisations change rarely and are read on every request, so they are cached briefly. */
export class OrganisationsService {
  private readonly repository: OrganisationsRepository;
  private readonly cache = new Map<string, { at: number; value: Organisation | null }>();

  constructor(repository: OrganisationsRepository) {
    this.repository = repository;
  }

  async findBySlug(slug: string): Promise<Organisation | null> {
    const hit = this.cache.get(slug);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const row = await this.repository.findBySlug(slug);
    const value = row ? toOrganisation(row) : null;
    this.cache.set(slug, { at: Date.now(), value });
    return value;
  }

  async getBySlug(slug: string): Promise<Organisation> {
    const organisation = await this.findBySlug(slug);
    if (!organisation) throw new AppError('UNKNOWN_ORGANISATION');
    return organisation;
  }

  async list(): Promise<Organisation[]> {
    return (await this.repository.list()).map(toOrganisation);
  }

  toPublic(o: Organisation): PublicOrganisation {
    const theme = o.theme as Partial<PublicOrganisation['theme']> & { logoText?: string };
    return {
      slug: o.slug,
      name: o.name,
      country: o.country,
      currency: o.currency,
      timeZone: o.timeZone,
      languages: o.languages as PublicOrganisation['languages'],
      defaultLanguage: o.defaultLanguage as PublicOrganisation['defaultLanguage'],
      signInMethods: o.signInMethods as PublicOrganisation['signInMethods'],
      flags: o.flags as PublicOrganisation['flags'],
      theme: {
        primaryColor: theme.primaryColor ?? '#0b5cad',
        secondaryColor: theme.secondaryColor ?? '#f2a900',
        borderRadius: theme.borderRadius ?? 'MEDIUM',
        ...(theme.logoText ? { logoText: theme.logoText } : {}),
      },
    };
  }
}

type Row = NonNullable<Awaited<ReturnType<OrganisationsRepository['findBySlug']>>>;

function toOrganisation(row: Row): Organisation {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    country: row.country as Organisation['country'],
    currency: row.currency as Organisation['currency'],
    timeZone: timeZoneFor(row.country),
    languages: row.languages,
    defaultLanguage: row.default_language,
    signInMethods: row.sign_in_methods,
    flags: row.flags,
    theme: row.theme,
  };
}
