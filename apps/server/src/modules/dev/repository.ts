import type { Db } from '../../db/database.ts';
import type { TestPerson } from '../../integrations/oidc/local-provider.ts';

/** People with a national identity number, for the simulators' test pages (development only). */
export class DevRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async persons(): Promise<Array<{ organisation: string; country: string; personalId: string; firstName: string; lastName: string; hasAccount: boolean }>> {
    const users = await this.db
      .selectFrom('users')
      .innerJoin('organisations', 'organisations.id', 'users.organisation_id')
      .select(['organisations.slug', 'organisations.country', 'users.personal_id', 'users.first_name', 'users.last_name'])
      .where('users.personal_id', 'is not', null)
      .orderBy('organisations.slug')
      .orderBy('users.created_at')
      .execute();
    const prospects = await this.db
      .selectFrom('provider_customers')
      .innerJoin('organisations', 'organisations.id', 'provider_customers.organisation_id')
      .select(['organisations.slug', 'organisations.country', 'provider_customers.personal_id', 'provider_customers.first_name', 'provider_customers.last_name'])
      .where('provider_customers.personal_id', 'is not', null)
      .orderBy('organisations.slug')
      .orderBy('provider_customers.customer_number')
      .execute();
    const seen = new Set<string>();
    const out = [];
    for (const [rows, hasAccount] of [[users, true], [prospects, false]] as const) {
      for (const row of rows) {
        const key = `${row.slug}:${row.personal_id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ organisation: row.slug, country: row.country, personalId: row.personal_id!, firstName: row.first_name, lastName: row.last_name, hasAccount });
      }
    }
    return out;
  }

  /** Admins with a personal number (admin BankID in support mode), with the organisation they help (none: a platform admin). */
  async admins(): Promise<Array<{ organisation: string | null; personalId: string; firstName: string; lastName: string }>> {
    const rows = await this.db
      .selectFrom('admins')
      .leftJoin('organisations', 'organisations.id', 'admins.organisation_id')
      .select(['organisations.slug', 'admins.personal_id', 'admins.first_name', 'admins.last_name'])
      .where('admins.personal_id', 'is not', null)
      .orderBy('organisations.slug')
      .orderBy('admins.created_at')
      .execute();
    return rows.map((row) => ({ organisation: row.slug, personalId: row.personal_id!, firstName: row.first_name, lastName: row.last_name }));
  }

  /** The same people as the local OpenID provider shows them. */
  async testPersons(): Promise<TestPerson[]> {
    return (await this.persons()).map((p) => ({
      organisation: p.organisation,
      nationalIdentityNumber: p.personalId,
      givenName: p.firstName,
      familyName: p.lastName,
      birthdate: birthDateOf(p.country, p.personalId),
      note: p.hasAccount ? 'customer' : 'known to the provider, no account yet',
    }));
  }
}

/** A birth date from a national identity number (SE 12 digits, FI, NO), for test persons; a default otherwise. */
export function birthDateOf(country: string, personalId: string): string {
  if (country === 'SE' && /^\d{12}$/.test(personalId)) {
    const day = Number(personalId.slice(6, 8));
    return `${personalId.slice(0, 4)}-${personalId.slice(4, 6)}-${String(day > 60 ? day - 60 : day).padStart(2, '0')}`;
  }
  const century: Record<string, string> = { '+': '18', '-': '19', Y: '19', X: '19', W: '19', V: '19', U: '19', A: '20', B: '20', C: '20', D: '20', E: '20', F: '20' };
  if (country === 'FI' && /^\d{6}[-+A-FU-Y]/.test(personalId)) return `${century[personalId[6]!]}${personalId.slice(4, 6)}-${personalId.slice(2, 4)}-${personalId.slice(0, 2)}`;
  if (country === 'NO' && /^\d{11}$/.test(personalId)) {
    const yy = Number(personalId.slice(4, 6));
    const individual = Number(personalId.slice(6, 9));
    const year = individual >= 500 && yy < 40 ? 2000 + yy : 1900 + yy;
    return `${year}-${personalId.slice(2, 4)}-${String(Number(personalId.slice(0, 2)) % 40).padStart(2, '0')}`;
  }
  return '1980-01-01';
}
