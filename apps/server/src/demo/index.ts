export {
  DEMO_PASSWORD,
  GENERATED_CUSTOMERS_PER_ORGANISATION,
  INVOICE_MONTHS,
  demoOrganisationSignIns,
  demoSignIns,
  seedDemoData,
  type DemoOrganisationSignIns,
  type DemoOrganisationSummary,
  type DemoRowCounts,
  type DemoSignIn,
  type DemoSummary,
  type SeedDemoOptions,
} from './seed.ts';
export { organisationProfiles, type OrganisationProfile } from './profiles.ts';
