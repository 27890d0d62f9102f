import { finnishCheckCharacter, luhnCheckDigit } from '@gridline/contracts/identity';
import type { OrganisationBuilder } from './organisation-builder.ts';
import { stableId } from './releases.ts';

/**
 * Who the demo customers are for the e-ID sign-ins (issue 5): the national identity numbers of
 * the demo sign-ins, the business customer's organisation number, and the people the provider's
 * customer register knows who have no account yet (they get one on their first sign-in).
 *
 * Every number is valid (check digits computed here) and fictional; the Swedish register includes
 * Skatteverket's well-known test person Tolvan Tolvansson (19121212-1212). Rows take ids derived
 * by hash, so nothing here draws from the demo's random streams.
 */

/** `YYMMDD` + serial → a Swedish personal number of 12 digits with its Luhn digit. */
const swedish = (century: '19' | '20', yymmdd: string, serial: string) => `${century}${yymmdd}${serial}${luhnCheckDigit(`${yymmdd}${serial}`)}`;

/** A Norwegian national identity number: the first individual number from `start` whose two check digits exist. */
function norwegian(ddmmyy: string, start: number): string {
  const weights1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
  const weights2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const check = (digits: string, weights: number[]) => {
    const r = 11 - (weights.reduce((s, w, i) => s + w * Number(digits[i]), 0) % 11);
    return r === 11 ? 0 : r;
  };
  for (let individual = start; individual < 1000; individual += 1) {
    const nine = `${ddmmyy}${String(individual).padStart(3, '0')}`;
    const k1 = check(nine, weights1);
    if (k1 === 10) continue;
    const k2 = check(`${nine}${k1}`, weights2);
    if (k2 === 10) continue;
    return `${nine}${k1}${k2}`;
  }
  throw new Error(`no Norwegian number for ${ddmmyy}`);
}

const finnish = (ddmmyy: string, sign: string, individual: string) => `${ddmmyy}${sign}${individual}${finnishCheckCharacter(ddmmyy, individual)}`;

/** A Swedish organisation number `NNNNNN-NNNC`. */
const swedishOrganisation = (nine: string) => `${nine.slice(0, 6)}-${nine.slice(6)}${luhnCheckDigit(nine)}`;

export interface ProviderCustomerSpec {
  customerNumber: string;
  type: 'CUSTOMER' | 'BUSINESS';
  personalId: string | null;
  organisationNumber: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  site: { address: string; zipcode: string; city: string };
}

export interface DemoIdentities {
  /** By the demo person's e-mail (as the profile writes it). */
  personalIds: Record<string, string>;
  businessOrganisationNumber: string | null;
  providerCustomers: ProviderCustomerSpec[];
  /** The support admin's own Swedish personal number, for admin BankID in support mode (ADMIN_BANKID). */
  supportAdminPersonalId?: string;
}

export const demoIdentities: Record<string, DemoIdentities> = {
  solvik: {
    personalIds: {
      'anna-karin.lindqvist@example.com': swedish('19', '840316', '238'),
      'birgitta.lindqvist@example.com': swedish('19', '560902', '264'),
      'oskar.berg@example.com': swedish('19', '920511', '441'),
    },
    businessOrganisationNumber: swedishOrganisation('556734512'),
    supportAdminPersonalId: swedish('19', '790623', '415'),
    providerCustomers: [
      {
        customerNumber: '3100001',
        type: 'CUSTOMER',
        personalId: '191212121212',
        organisationNumber: null,
        firstName: 'Tolvan',
        lastName: 'Tolvansson',
        email: 'tolvan.tolvansson@example.com',
        phoneNumber: '+46701212121',
        site: { address: 'Skultunavägen 12', zipcode: '722 17', city: 'Västerås' },
      },
      {
        customerNumber: '3100002',
        type: 'CUSTOMER',
        personalId: swedish('19', '870412', '382'),
        organisationNumber: null,
        firstName: 'Elsa',
        lastName: 'Nyberg',
        email: 'elsa.nyberg@example.com',
        phoneNumber: '+46702223344',
        site: { address: 'Fabriksgatan 4', zipcode: '702 10', city: 'Örebro' },
      },
    ],
  },
  fjellkraft: {
    personalIds: {
      'ingrid.haugen@example.com': norwegian('140678', 412),
      'per.haugen@example.com': norwegian('030549', 230),
      'even.dahl@example.com': norwegian('210995', 517),
    },
    businessOrganisationNumber: '974760673',
    providerCustomers: [
      {
        customerNumber: '3200001',
        type: 'CUSTOMER',
        personalId: norwegian('080890', 345),
        organisationNumber: null,
        firstName: 'Sigrid',
        lastName: 'Berg',
        email: 'sigrid.berg@example.com',
        phoneNumber: '+4798765432',
        site: { address: 'Kirkeveien 64', zipcode: '0364', city: 'Oslo' },
      },
    ],
  },
  koivu: {
    personalIds: {
      'mikko.virtanen@example.com': finnish('250381', '-', '237'),
      'aino.virtanen@example.com': finnish('110752', '-', '188'),
      'lauri.salonen@example.com': finnish('040296', '-', '456'),
    },
    businessOrganisationNumber: '0737546-2',
    providerCustomers: [
      {
        customerNumber: '3300001',
        type: 'CUSTOMER',
        personalId: finnish('170689', '-', '274'),
        organisationNumber: null,
        firstName: 'Emilia',
        lastName: 'Korhonen',
        email: 'emilia.korhonen@example.com',
        phoneNumber: '+358401112233',
        site: { address: 'Hämeenkatu 25', zipcode: '33200', city: 'Tampere' },
      },
    ],
  },
  alpenwerk: {
    personalIds: {},
    businessOrganisationNumber: null,
    providerCustomers: [
      {
        customerNumber: '3400001',
        type: 'CUSTOMER',
        personalId: null,
        organisationNumber: null,
        firstName: 'Lena',
        lastName: 'Huber',
        email: 'lena.huber@example.com',
        phoneNumber: '+436641112233',
        site: { address: 'Maria-Theresien-Straße 18', zipcode: '6020', city: 'Innsbruck' },
      },
    ],
  },
};

/** The e-mail of an organisation's support admin in the demo (support mode; the password is the demo's). */
export const demoSupportAdmin = (slug: string) => `support@${slug}.example`;

/** Adds the identities to the users and accounts already built, and the register's customers without an account. */
export function addSignInIdentities(org: OrganisationBuilder): void {
  const identities = demoIdentities[org.profile.slug];
  if (!identities) return;
  for (const user of org.rows.users) {
    const personalId = user.email ? identities.personalIds[user.email] : undefined;
    if (personalId) user.personal_id = personalId;
  }
  if (identities.businessOrganisationNumber) {
    const businessUser = org.rows.users.find((u) => u.username === 'business');
    const account = org.rows.accounts.find((a) => a.account_owner_id === businessUser?.id && a.type === 'BUSINESS');
    if (account) account.organisation_number = identities.businessOrganisationNumber;
  }
  // Support mode: the organisation's support admin, with the demo password (and, in Sweden, a personal number for admin BankID).
  const passwordHash = org.rows.users.find((u) => u.username === 'demo')?.password_hash ?? null;
  org.rows.admins.push({
    id: stableId('gridline-demo', org.profile.slug, 'admin', 'support'),
    organisation_id: org.organisationId,
    email: demoSupportAdmin(org.profile.slug),
    password_hash: passwordHash,
    first_name: 'Kim',
    last_name: 'Support',
    personal_id: identities.supportAdminPersonalId ?? null,
    scope: 'ORG_SUPPORT',
    created_at: new Date(`${org.today}T07:00:00Z`),
  });
  const startDate = org.today;
  for (const customer of identities.providerCustomers) {
    org.rows.provider_customers.push({
      id: stableId('gridline-demo', org.profile.slug, 'provider-customer', customer.customerNumber),
      organisation_id: org.organisationId,
      customer_number: customer.customerNumber,
      type: customer.type,
      personal_id: customer.personalId,
      organisation_number: customer.organisationNumber,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone_number: customer.phoneNumber,
      language: org.profile.defaultLanguage,
      sites: JSON.stringify([{ ...customer.site, priceZone: org.profile.priceZone, startDate }]),
      created_at: new Date(`${startDate}T08:00:00Z`),
    });
  }
}
