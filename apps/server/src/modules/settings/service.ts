import type { FullRelease, PublicRelease} from '@gridline/contracts/settings';
import { ReleaseContent } from '@gridline/contracts/settings';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SettingsRepository } from './repository.ts';

export interface PublishedRelease {
  id: string;
  version: number;
  publishedAt: string;
  content: ReleaseContent;
}

const NO_ID = '000000000000000000000000';

/** What an organisation without any release gets: the flags' defaults and a neutral theme. */
export function defaultRelease(name: string): PublishedRelease {
  return {
    id: NO_ID,
    version: 0,
    publishedAt: new Date(0).toISOString(),
    content: ReleaseContent.parse({
      theme: { id: NO_ID, primaryColor: '#1f5fa8', secondaryColor: '#f2b705', borderRadius: 'MEDIUM', logo: null, logoText: name, favicon: null },
      featureFlags: { id: NO_ID, flags: {} },
      featureConfigurations: { id: NO_ID, public: {} },
      modules: { id: NO_ID },
      customFavorites: { id: NO_ID },
    }),
  };
}

/**
 * Settings releases (spec 002 section 7). A release is validated in full before it is stored, so
 * what is published is always a whole, valid configuration; the newest version is in force.
 */
export class SettingsService {
  private readonly repository: SettingsRepository;
  constructor(repository: SettingsRepository) {
    this.repository = repository;
  }

  async latest(organisationId: string, organisationName: string): Promise<PublishedRelease> {
    const row = await this.repository.latestRelease(organisationId);
    if (!row) return defaultRelease(organisationName);
    // Stored releases were validated on publish; parsing again fills defaults of flags added since.
    return { id: row.id, version: row.version, publishedAt: row.created_at.toISOString(), content: ReleaseContent.parse(row.content) };
  }

  /** Validates and stores a new release; a release that fails validation changes nothing. */
  async publish(organisationId: string, content: z.input<typeof ReleaseContent>, createdBy: string | null): Promise<PublishedRelease> {
    const parsed = ReleaseContent.safeParse(content);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new AppError('VALIDATION_FAILED', { message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), data: { issues } });
    }
    const row = await this.repository.insertRelease({ id: newId(), organisationId, content: parsed.data, createdBy });
    return { id: row.id, version: row.version, publishedAt: row.created_at.toISOString(), content: parsed.data };
  }

  toPublic(identity: PublicRelease['organisation'], release: PublishedRelease): PublicRelease {
    const { content } = release;
    return {
      id: release.id,
      version: release.version,
      publishedAt: release.publishedAt,
      organisation: identity,
      theme: content.theme,
      // The back-office page flags stay with staff (decision 0059).
      featureFlags: { id: content.featureFlags.id, flags: content.featureFlags.flags },
      featureConfigurations: { id: content.featureConfigurations.id, public: content.featureConfigurations.public },
      modules: content.modules,
      customFavorites: content.customFavorites,
    };
  }

  toFull(identity: PublicRelease['organisation'], release: PublishedRelease): z.infer<typeof FullRelease> {
    return { ...this.toPublic(identity, release), featureConfigurations: release.content.featureConfigurations };
  }
}
