import { describe, expect, it } from 'vitest';
import type { SettingsService } from '../settings/service.ts';
import type { OrganisationsRepository } from './repository.ts';
import { OrganisationsService } from './service.ts';

/** A repository that knows no organisation and counts the questions it was asked. */
function emptyRepository() {
  const asked: string[] = [];
  const repository = {
    findBySlug: async (slug: string) => {
      asked.push(slug);
      return undefined;
    },
    findById: async () => undefined,
  } as unknown as OrganisationsRepository;
  return { repository, asked };
}

describe('OrganisationsService caches', () => {
  it('keep at most their bound of unknown slugs, however many a client invents', async () => {
    const { repository } = emptyRepository();
    const service = new OrganisationsService(repository, {} as SettingsService);
    for (let i = 0; i < 10_000; i += 1) expect(await service.findBySlug(`nobody-${i}`)).toBeNull();
    expect(service.cachedSlugs).toBeLessThanOrEqual(1_000);
    expect(service.cachedSlugs).toBeGreaterThan(0);
  });

  it('answers a slug the database could not hold without asking it or caching it', async () => {
    const { repository, asked } = emptyRepository();
    const service = new OrganisationsService(repository, {} as SettingsService);
    for (const slug of ['sol\u0000vik', 'x'.repeat(600), 'Solvik', 'a', '']) expect(await service.findBySlug(slug)).toBeNull();
    expect(asked).toEqual([]);
    expect(service.cachedSlugs).toBe(0);
    expect(await service.findById('not-an-id\u0000')).toBeNull();
  });

  it('still asks once per unknown slug while its negative entry is fresh', async () => {
    const { repository, asked } = emptyRepository();
    const service = new OrganisationsService(repository, {} as SettingsService);
    await service.findBySlug('nowhere');
    await service.findBySlug('nowhere');
    expect(asked).toEqual(['nowhere']);
  });
});
