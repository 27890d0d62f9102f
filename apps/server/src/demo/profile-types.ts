import type { AgreementType, Country, Currency, Language, PriceZone, PropertyType, ReadingPeriod, SignInType } from '@gridline/contracts/enums';
import type { Random } from './random.ts';

/**
 * The shape of a demo organisation: brand, market figures and the hand-written addresses of the
 * demo sign-ins. Prices are per kWh in the organisation's currency, excluding VAT, and only
 * roughly realistic for each market.
 */

export type BorderRadius = 'NONE' | 'SMALL' | 'MEDIUM' | 'LARGE';

export interface Theme {
  primaryColor: string;
  secondaryColor: string;
  borderRadius: BorderRadius;
  logoText: string;
}

export interface City {
  city: string;
  /** Municipality. */
  area: string;
  latitude: number;
  longitude: number;
  zipcodes: readonly string[];
  streets: readonly string[];
}

export interface Address {
  address: string;
  zipcode: string;
  city: string;
  area: string;
  latitude: number;
  longitude: number;
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface Market {
  vatRate: number;
  /** Average spot price and its seasonal amplitude (winter above, summer below). */
  spotAverage: number;
  spotSeasonality: number;
  /** Supplier's surcharge on spot agreements, per kWh; `surchargeDisplay` in öre/øre/cent. */
  surcharge: number;
  surchargeDisplay: number;
  /** Typical fixed price, per kWh; varies a little per customer. */
  fixedPrice: number;
  gridFee: number;
  energyTax: number;
  /** Supplier's monthly fee shown on agreements. */
  supplierMonthlyFee: number;
  /** Grid subscription per month by kind of site (added to the supplier's fee on invoices); summer houses pay the small-fuse apartment rate. */
  gridSubscription: { apartment: number; house: number; business: number };
  /** Multiplies houses' consumption (Norway heats with electricity, Austria mostly not). */
  consumptionScale: number;
  /** Share of agreement types among generated customers. */
  agreementMix: ReadonlyArray<readonly [AgreementType, number]>;
  heating: { house: readonly string[]; apartment: readonly string[] };
}

export interface DemoSite {
  address: Address;
  propertyType: PropertyType;
  extras: Record<string, unknown>;
}

export interface OrganisationProfile {
  slug: string;
  name: string;
  country: Country;
  currency: Currency;
  languages: readonly Language[];
  defaultLanguage: Language;
  signInMethods: readonly SignInType[];
  /** Feature flags of the release; LANGUAGES and SIGN_IN_METHODS come from the fields above. */
  flags: Record<string, unknown>;
  theme: Theme;
  /** Store links and contact details of the release. */
  publicConfiguration: { links?: { appStore?: string; googlePlay?: string }; contact?: { email?: string; phone?: string }; supportChat?: Record<string, unknown> };
  priceZone: PriceZone;
  readingPeriod: ReadingPeriod;
  /** A made-up grid operator shown on grid services. */
  gridOperator: string;
  market: Market;
  cities: readonly City[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** Languages other than the default that some generated customers use. */
  otherLanguages: readonly Language[];
  phoneNumber(random: Random): string;
  /** A meter point id (the location's provider site id). */
  siteId(random: Random, zipcode: string): string;
  /** Formats a street address; apartments get the country's flat/door notation. */
  streetAddress(random: Random, street: string, apartment: boolean): string;
  demo: {
    user: Person;
    home: DemoSite;
    activeProcess: DemoSite;
    pending: DemoSite;
    terminated: DemoSite;
    /** The relative who owns the summer house the demo user is a guest on. */
    relative: Person;
    summerHouse: DemoSite;
    business: { company: string; legalForm: string; email: string; phoneNumber: string; site: Address };
    noLocations: Person;
  };
}

/** An address literal in one line: street address, zipcode, city, area (municipality) and coordinates. */
export function at(address: string, zipcode: string, city: string, area: string, latitude: number, longitude: number): Address {
  return { address, zipcode, city, area, latitude, longitude };
}
