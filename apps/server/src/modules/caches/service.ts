import { cacheKeys, type CacheKey, type ClearedCaches } from '@gridline/contracts/bridge';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { CopyService } from '../copy/service.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { CachesRepository } from './repository.ts';

type ClearableKey = Exclude<CacheKey, 'all'>;
const clearable = cacheKeys.filter((key): key is ClearableKey => key !== 'all');

/** What a clear names: the caches, and the organisation (id and slug) or every one (null). */
interface Clear {
  keys: ClearableKey[];
  organisation: { id: string; slug: string } | null;
}

/**
 * `DELETE /v3/cache/{key}` (spec 001 §7, spec 002 §7; decision 0050): the caches each API process
 * keeps, cleared in every process. The process that takes the call clears its own at once, then
 * announces the clear on `gridline_caches`; every process (decision 0032) hears it on the
 * connection that hears the member reads' changes (decision 0033) and clears too.
 */
export class CachesService {
  private readonly d: { repository: CachesRepository; access: AccessService; audit: AuditService; copy: CopyService; organisations: OrganisationsService; reads: ReadCache };
  constructor(deps: CachesService['d']) {
    this.d = deps;
  }

  async clear(staff: StaffClaims, context: StaffAuditContext, key: CacheKey, slug: string | undefined): Promise<ClearedCaches> {
    // Organisation staff: their own organisation (another's is 404); platform staff: the one named, or all.
    const organisation = await this.d.access.staffOrganisation(staff, slug);
    const clear: Clear = { keys: key === 'all' ? [...clearable] : [key], organisation: organisation ? { id: organisation.id, slug: organisation.slug } : null };
    this.clearHere(clear);
    await this.d.repository.announce(encode(clear));
    await this.d.audit.recordStaff(context, { organisationId: organisation?.id ?? null, action: 'cache.clear', subjectType: 'cache', subjectId: key, data: { cleared: clear.keys } });
    return { cleared: clear.keys, organisation: organisation?.slug ?? null };
  }

  /**
   * After a write that changes what a cache holds (a copy text, decision 0046): clears it here at
   * once and tells every other API process, without an audit entry of its own (the write has one).
   */
  async changed(key: ClearableKey, organisation: { id: string; slug: string } | null): Promise<void> {
    const clear: Clear = { keys: [key], organisation };
    this.clearHere(clear);
    await this.d.repository.announce(encode(clear));
  }

  /** An announcement heard from PostgreSQL (any process's clear); a payload that is not one is ignored. */
  heard(payload: string): void {
    const clear = decode(payload);
    if (clear) this.clearHere(clear);
  }

  private clearHere({ keys, organisation }: Clear): void {
    for (const key of keys) {
      if (key === 'copy') this.d.copy.invalidate(organisation?.id);
      if (key === 'settings') this.d.organisations.invalidate(organisation?.slug);
      if (key === 'members') this.d.reads.invalidate([organisation ? `o:${organisation.id}` : '*']);
    }
  }
}

/** `copy,settings <organisation id> <slug>`, or `* *` for every organisation (the job process announces with it too). */
export function encode({ keys, organisation }: Clear): string {
  return `${keys.join(',')} ${organisation ? `${organisation.id} ${organisation.slug}` : '* *'}`;
}

function decode(payload: string): Clear | null {
  const [list, id, slug] = payload.split(' ');
  if (!list || !id || !slug) return null;
  const keys = list.split(',').filter((k): k is ClearableKey => (clearable as string[]).includes(k));
  if (keys.length === 0) return null;
  return { keys, organisation: id === '*' ? null : { id, slug } };
}
