import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ApiTokensRepository } from './repository.ts';

export const tokenScopes = ['syncAccount', 'getLocations', 'sendMessage'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** API tokens start with this, so that a token is never mistaken for a user's JWT (and is greppable in leaks). */
const PREFIX = 'glt_';
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ApiTokenClaims {
  tokenId: string;
  organisationId: string;
  scopes: TokenScope[];
}

/** Tokens for a provider's systems: scoped to one organisation, expiring, revocable, stored hashed. */
export class ApiTokensService {
  private readonly repository: ApiTokensRepository;
  private readonly lastTouched = new Map<string, number>();
  constructor(repository: ApiTokensRepository) {
    this.repository = repository;
  }

  async create(input: { organisationId: string; name: string; scopes: TokenScope[]; issuedBy: string; expiresAt: Date | null }) {
    if (input.name.trim().length < 3) throw new AppError('VALIDATION_FAILED', { message: 'name: at least 3 characters' });
    if (input.scopes.length === 0 || !input.scopes.every((s) => (tokenScopes as readonly string[]).includes(s))) {
      throw new AppError('VALIDATION_FAILED', { message: `scopes: one or more of ${tokenScopes.join(', ')}` });
    }
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.repository.insert({ id: newId(), organisationId: input.organisationId, name: input.name.trim(), scopes: input.scopes, hash: hashOf(token), issuedBy: input.issuedBy, expiresAt: input.expiresAt });
    return { token, id: row.id, name: row.name, scopes: row.token_scopes, expiresAt: row.expires_at };
  }

  static looksLikeApiToken(bearer: string): boolean {
    return bearer.startsWith(PREFIX);
  }

  /** The token's claims when it is live and holds the scope; 401 otherwise, 403 without the scope. */
  async authorise(token: string, organisationId: string, scope: TokenScope): Promise<ApiTokenClaims> {
    const row = token.startsWith(PREFIX) ? await this.repository.findByHash(hashOf(token)) : undefined;
    if (!row || row.organisation_id !== organisationId || row.revoked_at || (row.expires_at && row.expires_at.getTime() <= Date.now())) {
      throw new AppError('INVALID_TOKEN');
    }
    if (!row.token_scopes.includes(scope)) throw new AppError('FORBIDDEN', { message: `The token lacks the scope ${scope}` });
    // lastUsedAt to the minute: a bulk client calling many times a second must not write each time.
    const now = Date.now();
    if (now - (this.lastTouched.get(row.id) ?? 0) > 60_000) {
      this.lastTouched.set(row.id, now);
      await this.repository.touch(row.id);
    }
    return { tokenId: row.id, organisationId: row.organisation_id, scopes: row.token_scopes as TokenScope[] };
  }
}
