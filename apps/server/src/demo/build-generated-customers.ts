import type { LocationStatus, PropertyType } from '@gridline/contracts/enums';
import { pickWeighted } from './random.ts';
import { addDays } from './dates.ts';
import { consumptionProfile } from './billing.ts';
import type { OrganisationBuilder, RandomHome, ReservedAccount } from './organisation-builder.ts';

/**
 * Generated customers: a random name, a home with invoices, sometimes a partner as guest and
 * sometimes a second site (summer house, solar production, a previous or a coming home).
 */

/** Lowercase ASCII for e-mail addresses: 'Östberg-Ærø' → 'ostberg.aero'. */
const ascii = (text: string): string =>
  text
    .toLowerCase()
    .replaceAll('ø', 'o')
    .replaceAll('æ', 'ae')
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');

/** The customer's home, with the day its site starts. */
interface MainHome extends RandomHome {
  startDate: string;
}

/** One generated customer: the owner, maybe a partner, the invoiced home and maybe a second site. */
export function addGeneratedCustomer(org: OrganisationBuilder): void {
  const { profile, random } = org;
  const firstName = random.pick(profile.firstNames);
  const lastName = random.pick(profile.lastNames);
  const account = org.reserveAccount();
  const createdDay = addDays(org.organisationDay, random.int(10, 900));
  const language = random.chance(0.85) ? profile.defaultLanguage : random.pick(profile.otherLanguages);
  const ownerId = org.addUser(
    { firstName, lastName, email: `${ascii(firstName)}.${ascii(lastName)}@example.com`, phoneNumber: profile.phoneNumber(random) },
    { language, customerNumber: account.customerNumber, activeAccountId: account.id, createdDay },
  );
  org.insertAccount(account, 'CUSTOMER', ownerId, createdDay);
  org.addMember(account.id, ownerId, 'OWNER', createdDay);

  if (random.chance(0.2)) addPartner(org, account, lastName, language, createdDay);
  const main = addMainHome(org, account.id, createdDay);
  if (random.chance(0.35)) addSecondSite(org, account.id, main, createdDay);
}

/** The owner's partner: a user with the same last name, guest on the account from 30 days later. */
function addPartner(org: OrganisationBuilder, account: ReservedAccount, lastName: string, language: string, createdDay: string): void {
  const { profile, random } = org;
  const partnerFirstName = random.pick(profile.firstNames);
  const partnerId = org.addUser(
    { firstName: partnerFirstName, lastName, email: `${ascii(partnerFirstName)}.${ascii(lastName)}@example.com`, phoneNumber: profile.phoneNumber(random) },
    { language, customerNumber: null, activeAccountId: account.id, createdDay: addDays(createdDay, 30) },
  );
  org.addMember(account.id, partnerId, 'GUEST', addDays(createdDay, 30));
}

/** The customer's home: an active (or taking-over) site with an agreement in the market's mix, invoiced monthly. */
function addMainHome(org: OrganisationBuilder, accountId: string, createdDay: string): MainHome {
  const { profile, random, today } = org;
  const kind = pickWeighted<PropertyType>(random, [
    ['APPARTMENT', 0.4],
    ['HOUSE', 0.4],
    ['ROWHOUSE', 0.2],
  ]);
  const main = org.randomHome(kind);
  const mainStart = addDays(today, -random.int(800, 4200));
  const mainStatus: LocationStatus = random.chance(0.9) ? 'ACTIVE' : 'ACTIVE_PROCESS';
  const mainSite = org.addSite({
    accountId,
    sortOrder: 0,
    status: mainStatus,
    type: 'CONSUMPTION',
    startDate: mainStart,
    address: main.address,
    extras: main.extras,
    createdDay,
  });
  org.billables.push({
    accountId,
    locationId: mainSite.id,
    kind,
    consumption: consumptionProfile(random, kind, String(main.extras.heating), profile.market.consumptionScale),
    agreement: org.addAgreement(mainSite, org.pickAgreementType(), mainStart),
    missingPositions: new Set(),
    missingShare: 0.03,
    reminded: random.chance(0.08),
  });
  return { ...main, startDate: mainStart };
}

/** A second site, not invoiced: a summer house, solar production at home, the previous home (terminated) or the next one (pending). */
function addSecondSite(org: OrganisationBuilder, accountId: string, main: MainHome, createdDay: string): void {
  const { random, today } = org;
  const second = pickWeighted<'SUMMERHOUSE' | 'PRODUCTION' | 'TERMINATED' | 'PENDING'>(random, [
    ['SUMMERHOUSE', 0.4],
    ['PRODUCTION', 0.2],
    ['TERMINATED', 0.25],
    ['PENDING', 0.15],
  ]);
  if (second === 'SUMMERHOUSE') {
    const cottage = org.randomHome('SUMMERHOUSE');
    const start = addDays(today, -random.int(400, 3000));
    const site = org.addSite({
      accountId,
      sortOrder: 1,
      status: 'ACTIVE',
      type: 'CONSUMPTION',
      startDate: start,
      address: cottage.address,
      extras: cottage.extras,
      createdDay,
    });
    org.addAgreement(site, org.pickAgreementType(), start);
  } else if (second === 'PRODUCTION') {
    org.addSite({
      accountId,
      sortOrder: 1,
      status: 'ACTIVE',
      type: 'PRODUCTION',
      startDate: addDays(today, -random.int(100, 900)),
      address: main.address,
      extras: {},
      createdDay,
    });
  } else if (second === 'TERMINATED') {
    const previous = org.randomHome('APPARTMENT');
    org.addSite({
      accountId,
      sortOrder: 1,
      status: 'TERMINATED',
      type: 'CONSUMPTION',
      startDate: addDays(main.startDate, -random.int(700, 2500)),
      endDate: addDays(main.startDate, random.int(0, 30)),
      address: previous.address,
      extras: previous.extras,
      createdDay,
    });
  } else {
    const next = org.randomHome(random.pick<PropertyType>(['APPARTMENT', 'HOUSE', 'ROWHOUSE']));
    org.addSite({
      accountId,
      sortOrder: 1,
      status: 'PENDING',
      type: 'CONSUMPTION',
      startDate: addDays(today, random.int(5, 60)),
      address: next.address,
      extras: next.extras,
      createdDay: addDays(today, -random.int(1, 20)),
    });
  }
}
