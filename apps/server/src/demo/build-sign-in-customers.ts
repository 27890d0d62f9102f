import { addDays } from './dates.ts';
import { consumptionProfile } from './billing.ts';
import type { Country } from '@gridline/contracts/enums';
import type { InquirySpec, OrganisationBuilder } from './organisation-builder.ts';

/**
 * The hand-written customers behind an organisation's demo sign-ins ('demo', 'business',
 * 'nolocations'), their addresses taken from the organisation's profile.
 */

/** The 'demo' sign-in: owner of a home account with five sites, and guest on a relative's summer-house account. */
export function addDemoCustomer(org: OrganisationBuilder): void {
  const { profile, ids } = org;
  const demo = profile.demo;
  const ownerAccount = org.reserveAccount();
  const summerAccount = org.reserveAccount();
  // The OWNER membership is both created earlier and has the smaller id, so any ordering lists it first.
  const [ownerMembershipId, guestMembershipId] = [ids.id(), ids.id()].sort() as [string, string];
  const demoDay = addDays(org.organisationDay, 3);
  const relativeDay = addDays(demoDay, -20);
  const demoUserId = org.addUser(demo.user, {
    username: 'demo',
    withPassword: true,
    language: profile.defaultLanguage,
    customerNumber: ownerAccount.customerNumber,
    activeAccountId: ownerAccount.id,
    createdDay: demoDay,
  });
  const relativeId = org.addUser(demo.relative, {
    language: profile.defaultLanguage,
    customerNumber: summerAccount.customerNumber,
    activeAccountId: summerAccount.id,
    createdDay: relativeDay,
  });
  org.insertAccount(ownerAccount, 'CUSTOMER', demoUserId, demoDay);
  org.insertAccount(summerAccount, 'CUSTOMER', relativeId, relativeDay);
  org.addMember(ownerAccount.id, demoUserId, 'OWNER', demoDay, ownerMembershipId);
  org.addMember(summerAccount.id, relativeId, 'OWNER', relativeDay);
  org.addMember(summerAccount.id, demoUserId, 'GUEST', addDays(demoDay, 40), guestMembershipId);

  addDemoHomeSites(org, ownerAccount.id, demoDay);
  addRelativesSummerHouse(org, summerAccount.id, relativeDay);
}

/** The demo user's five sites: home (invoiced), an apartment being taken over, a move in 12 days, solar production and a terminated contract. */
function addDemoHomeSites(org: OrganisationBuilder, accountId: string, demoDay: string): void {
  const { profile, today } = org;
  const demo = profile.demo;
  const homeStart = addDays(today, -1550);
  const home = org.addSite({
    accountId,
    sortOrder: 0,
    status: 'ACTIVE',
    type: 'CONSUMPTION',
    startDate: homeStart,
    address: demo.home.address,
    extras: demo.home.extras,
    createdDay: demoDay,
  });
  const activeProcessStart = addDays(today, -240);
  const activeProcess = org.addSite({
    accountId,
    sortOrder: 1,
    status: 'ACTIVE_PROCESS',
    type: 'CONSUMPTION',
    startDate: activeProcessStart,
    address: demo.activeProcess.address,
    extras: demo.activeProcess.extras,
    createdDay: addDays(today, -260),
  });
  org.addSite({
    accountId,
    sortOrder: 2,
    status: 'PENDING',
    type: 'CONSUMPTION',
    startDate: addDays(today, 12),
    address: demo.pending.address,
    extras: demo.pending.extras,
    createdDay: addDays(today, -9),
  });
  org.addSite({
    accountId,
    sortOrder: 3,
    status: 'ACTIVE',
    type: 'PRODUCTION',
    startDate: addDays(today, -800),
    address: demo.home.address,
    extras: {},
    createdDay: addDays(today, -830),
  });
  org.addSite({
    accountId,
    sortOrder: 4,
    status: 'TERMINATED',
    type: 'CONSUMPTION',
    startDate: addDays(today, -3100),
    endDate: addDays(homeStart, 14),
    address: demo.terminated.address,
    extras: demo.terminated.extras,
    createdDay: demoDay,
  });
  const homeAgreement = org.addAgreement(home, profile.country === 'AT' ? 'fixed' : 'hourlySpot', homeStart);
  org.addAgreement(activeProcess, 'monthlySpot', activeProcessStart);
  org.addGridAgreement(home, homeStart, 'house');
  org.addInquiries(home, demoInquiries(profile.country));
  org.billables.push({
    accountId,
    locationId: home.id,
    kind: demo.home.propertyType,
    consumption: consumptionProfile(org.random, demo.home.propertyType, String(demo.home.extras.heating), profile.market.consumptionScale),
    agreement: homeAgreement,
    missingPositions: new Set([3]),
    missingShare: 0,
    reminded: false,
  });
}

/** The relative's summer house (invoiced), which the demo user sees as a guest. */
function addRelativesSummerHouse(org: OrganisationBuilder, accountId: string, relativeDay: string): void {
  const { profile, today } = org;
  const summerStart = addDays(today, -2400);
  const summerHouse = org.addSite({
    accountId,
    sortOrder: 0,
    status: 'ACTIVE',
    type: 'CONSUMPTION',
    startDate: summerStart,
    address: profile.demo.summerHouse.address,
    extras: profile.demo.summerHouse.extras,
    createdDay: relativeDay,
  });
  org.addGridAgreement(summerHouse, summerStart, 'apartment');
  org.billables.push({
    accountId,
    locationId: summerHouse.id,
    kind: 'SUMMERHOUSE',
    consumption: consumptionProfile(org.random, 'SUMMERHOUSE', undefined, profile.market.consumptionScale),
    agreement: org.addAgreement(summerHouse, 'monthlySpot', summerStart),
    missingPositions: new Set([9]),
    missingShare: 0,
    reminded: false,
  });
}

/** The 'business' sign-in: a business account with one invoiced site on a fixed agreement. */
export function addBusinessCustomer(org: OrganisationBuilder): void {
  const { profile, today } = org;
  const business = profile.demo.business;
  const businessAccount = org.reserveAccount();
  const businessDay = addDays(org.organisationDay, 5);
  const businessUserId = org.addUser(
    { firstName: business.company, lastName: business.legalForm, email: business.email, phoneNumber: business.phoneNumber },
    {
      username: 'business',
      withPassword: true,
      language: profile.defaultLanguage,
      customerNumber: businessAccount.customerNumber,
      activeAccountId: businessAccount.id,
      createdDay: businessDay,
    },
  );
  org.insertAccount(businessAccount, 'BUSINESS', businessUserId, businessDay);
  org.addMember(businessAccount.id, businessUserId, 'OWNER', businessDay);
  const businessStart = addDays(today, -1900);
  const businessSite = org.addSite({
    accountId: businessAccount.id,
    sortOrder: 0,
    status: 'ACTIVE',
    type: 'CONSUMPTION',
    startDate: businessStart,
    address: business.site,
    extras: {},
    createdDay: businessDay,
  });
  org.addGridAgreement(businessSite, businessStart, 'business');
  org.billables.push({
    accountId: businessAccount.id,
    locationId: businessSite.id,
    kind: 'BUSINESS',
    consumption: consumptionProfile(org.random, 'BUSINESS', undefined, profile.market.consumptionScale),
    agreement: org.addAgreement(businessSite, 'fixed', businessStart),
    missingPositions: new Set(),
    missingShare: 0,
    reminded: false,
  });
}

/** The 'nolocations' sign-in: a customer account without sites (so without invoices). */
export function addCustomerWithoutSites(org: OrganisationBuilder): void {
  const { profile } = org;
  const emptyAccount = org.reserveAccount();
  const emptyDay = addDays(org.organisationDay, 7);
  const emptyUserId = org.addUser(profile.demo.noLocations, {
    username: 'nolocations',
    withPassword: true,
    language: profile.defaultLanguage,
    customerNumber: emptyAccount.customerNumber,
    activeAccountId: emptyAccount.id,
    createdDay: emptyDay,
  });
  org.insertAccount(emptyAccount, 'CUSTOMER', emptyUserId, emptyDay);
  org.addMember(emptyAccount.id, emptyUserId, 'OWNER', emptyDay);
}

/** Companies of the country asking to read the demo home's meter data: two waiting, one accepted, one rejected. */
function demoInquiries(country: Country): InquirySpec[] {
  const names: Record<Country, readonly [string, string, string, string]> = {
    SE: ['Energikollen AB', 'Smarta Hem Sverige AB', 'Solcellskalkyl Norden AB', 'Klimatdata Mälardalen AB'],
    NO: ['Strømsjekk AS', 'Smarthus Norge AS', 'Solkalkyl Norden AS', 'Energiråd Viken AS'],
    FI: ['Energiavahti Oy', 'Älykoti Suomi Oy', 'Aurinkolaskuri Oy', 'Ilmastodata Häme Oy'],
    AT: ['Energiecheck GmbH', 'Smart Home Austria GmbH', 'Solarrechner GmbH', 'Klimadaten Tirol GmbH'],
  };
  const [first, second, third, fourth] = names[country];
  return [
    { inquirer: first, daysAgo: 3, hour: 8, status: 'pending' },
    { inquirer: second, daysAgo: 12, hour: 13, status: 'pending' },
    { inquirer: third, daysAgo: 45, hour: 10, status: 'accepted' },
    { inquirer: fourth, daysAgo: 90, hour: 15, status: 'rejected' },
  ];
}
