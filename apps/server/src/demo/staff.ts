import type { StaffScope } from '@gridline/contracts/staff';
import { luhnCheckDigit } from './identifiers.ts';
import { stableId } from './releases.ts';
import type { OrganisationBuilder } from './organisation-builder.ts';

/**
 * The demo's staff (issue 16): in every organisation one admin per organisation scope, and one
 * platform admin, all with the same demo password; printed by the start banner. The organisations
 * named in `SECOND_FACTOR_ORGANISATIONS` require a second factor of their staff, so the demo shows
 * the enrolment (an authenticator app's QR code, then recovery codes) at the first sign-in there.
 */
export const DEMO_STAFF_PASSWORD = 'gridline-staff-demo';

export const demoStaffScopes = ['ORG_ADMIN', 'ORG_SUPPORT', 'ORG_MARKETING', 'ORG_DEVELOPER', 'ORG_USER'] as const satisfies readonly StaffScope[];

/** `org-admin@solvik.example`, `org-marketing@solvik.example`, … */
export const demoStaffEmail = (slug: string, scope: (typeof demoStaffScopes)[number]) => `${scope.toLowerCase().replace('_', '-')}@${slug}.example`;

export const DEMO_PLATFORM_ADMIN = 'admin@gridline.example';

export const SECOND_FACTOR_ORGANISATIONS: readonly string[] = ['fjellkraft'];

const swedishPersonalNumber = (yymmdd: string, serial: string) => `19${yymmdd}${serial}${luhnCheckDigit(`${yymmdd}${serial}`)}`;
/**
 * Personal numbers for the back office's BankID sign-in (the test BankID app lists them): the
 * Swedish organisation's admin, and the platform admin.
 */
export const DEMO_STAFF_PERSONAL_NUMBERS = { solvikOrgAdmin: swedishPersonalNumber('850312', '235'), platformAdmin: swedishPersonalNumber('720914', '552') } as const;

const names: Record<(typeof demoStaffScopes)[number], [string, string]> = {
  ORG_ADMIN: ['Alex', 'Admin'],
  ORG_SUPPORT: ['Sam', 'Support'],
  ORG_MARKETING: ['Mika', 'Marketing'],
  ORG_DEVELOPER: ['Dana', 'Developer'],
  ORG_USER: ['Uma', 'User'],
};

/** When the demo's staff were created: a month before the demo's today, never in the future of the clock. */
const createdOn = (today: string) => new Date(Date.parse(`${today}T07:00:00Z`) - 30 * 86_400_000);

export function addDemoStaff(org: OrganisationBuilder, staffPasswordHash: string): void {
  const slug = org.profile.slug;
  for (const scope of demoStaffScopes) {
    const [first, last] = names[scope];
    org.rows.admins.push({
      id: stableId('gridline-demo', slug, 'admin', scope),
      organisation_id: org.organisationId,
      email: demoStaffEmail(slug, scope),
      password_hash: staffPasswordHash,
      first_name: first,
      last_name: last,
      personal_id: slug === 'solvik' && scope === 'ORG_ADMIN' ? DEMO_STAFF_PERSONAL_NUMBERS.solvikOrgAdmin : null,
      scope,
      language: org.profile.defaultLanguage,
      created_at: createdOn(org.today),
      updated_at: createdOn(org.today),
    });
  }
  const organisation = org.rows.organisations.find((o) => o.id === org.organisationId);
  if (organisation && SECOND_FACTOR_ORGANISATIONS.includes(slug)) organisation.staff_second_factor = true;
}

/** The platform admin: no organisation, every organisation. */
export function demoPlatformAdmin(staffPasswordHash: string, today: string) {
  return {
    id: stableId('gridline-demo', 'platform', 'admin', 'ADMIN'),
    organisation_id: null,
    email: DEMO_PLATFORM_ADMIN,
    password_hash: staffPasswordHash,
    first_name: 'Pat',
    last_name: 'Platform',
    personal_id: DEMO_STAFF_PERSONAL_NUMBERS.platformAdmin,
    scope: 'ADMIN',
    language: 'en',
    created_at: createdOn(today),
    updated_at: createdOn(today),
  };
}

/** For the start banner: who signs in to the back office and how. */
export const demoStaffSummary = [
  { email: DEMO_PLATFORM_ADMIN, description: 'platform admin (ADMIN): every organisation; BankID too' },
  ...demoStaffScopes.map((scope) => ({
    email: demoStaffEmail('<org>', scope),
    description: scope === 'ORG_ADMIN' ? `${scope} (solvik's has BankID; fjellkraft asks every staff member for a TOTP code)` : scope,
  })),
];
