import type { AgreementType, Country, Currency, Language, PriceZone, PropertyType, ReadingPeriod, SignInType } from '@gridline/contracts/enums';
import type { Random } from './random.ts';

/**
 * The four fictional demo organisations: brand, market figures and the hand-written addresses of
 * the demo sign-ins. Prices are per kWh in the organisation's currency, excluding VAT, and only
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
  flags: Record<string, unknown>;
  theme: Theme;
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

// ---- check digits ---------------------------------------------------------------------------

/** GS1 check digit (used by GSRN meter point ids). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** Luhn (modulus 10) check digit, as used by Swedish OCR and Norwegian KID numbers. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Finnish reference number check digit (weights 7, 3, 1 from the right). */
export function finnishReferenceCheckDigit(digits: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += Number(digits[digits.length - 1 - index]) * (weights[index % 3] ?? 1);
  }
  return String((10 - (sum % 10)) % 10);
}

/** The payment reference printed on an invoice, in each country's usual form. */
export function paymentReference(country: Country, invoiceNumber: string): string {
  switch (country) {
    case 'SE': {
      // OCR with length digit and Luhn check digit ("hård kontroll").
      const withLength = invoiceNumber + String((invoiceNumber.length + 2) % 10);
      return withLength + luhnCheckDigit(withLength);
    }
    case 'NO':
      return invoiceNumber + luhnCheckDigit(invoiceNumber); // KID, MOD10
    case 'FI':
      return invoiceNumber + finnishReferenceCheckDigit(invoiceNumber); // viitenumero
    case 'AT':
      return invoiceNumber + luhnCheckDigit(invoiceNumber);
  }
}

function gsrn(prefix: string, random: Random): string {
  const body = prefix + random.digits(17 - prefix.length);
  return body + gs1CheckDigit(body);
}

function at(address: string, zipcode: string, city: string, area: string, latitude: number, longitude: number): Address {
  return { address, zipcode, city, area, latitude, longitude };
}

// ---- organisations --------------------------------------------------------------------------

const solvik: OrganisationProfile = {
  slug: 'solvik',
  name: 'Solvik Energi',
  country: 'SE',
  currency: 'SEK',
  languages: ['sv', 'en'],
  defaultLanguage: 'sv',
  signInMethods: ['USR_PWD', 'BANKID'],
  flags: {},
  theme: { primaryColor: '#0B5D4B', secondaryColor: '#F2B705', borderRadius: 'MEDIUM', logoText: 'Solvik' },
  priceZone: 'SE3',
  readingPeriod: 'hourly',
  gridOperator: 'Mälarnät Elnät AB',
  market: {
    vatRate: 0.25,
    spotAverage: 0.55,
    spotSeasonality: 0.5,
    surcharge: 0.049,
    surchargeDisplay: 4.9,
    fixedPrice: 0.89,
    gridFee: 0.28,
    energyTax: 0.439,
    supplierMonthlyFee: 39,
    gridSubscription: { apartment: 95, house: 330, business: 890 },
    consumptionScale: 1,
    agreementMix: [
      ['hourlySpot', 0.35],
      ['monthlySpot', 0.4],
      ['fixed', 0.25],
    ],
    heating: {
      house: ['HEAT_PUMP', 'GEOTHERMAL', 'DISTRICT_HEATING', 'ELECTRIC', 'PELLETS'],
      apartment: ['DISTRICT_HEATING'],
    },
  },
  cities: [
    {
      city: 'Västerås',
      area: 'Västerås',
      latitude: 59.6099,
      longitude: 16.5448,
      zipcodes: ['722 10', '722 15', '723 35', '723 48', '724 60', '724 66', '725 92', '726 31'],
      streets: [
        'Stora Gatan',
        'Vasagatan',
        'Kopparbergsvägen',
        'Köpingsvägen',
        'Karlfeldtsgatan',
        'Björnövägen',
        'Norra Ringvägen',
        'Sigurdsgatan',
        'Skultunavägen',
        'Bäckby Torg',
      ],
    },
    {
      city: 'Örebro',
      area: 'Örebro',
      latitude: 59.2753,
      longitude: 15.2134,
      zipcodes: ['702 10', '702 25', '703 62', '703 75', '705 94', '702 81'],
      streets: ['Drottninggatan', 'Storgatan', 'Rudbecksgatan', 'Fabriksgatan', 'Änggatan', 'Tybblegatan', 'Västra Vintergatan', 'Ekersgatan'],
    },
    {
      city: 'Uppsala',
      area: 'Uppsala',
      latitude: 59.8586,
      longitude: 17.6389,
      zipcodes: ['752 20', '752 36', '753 18', '753 29', '754 40', '756 46'],
      streets: ['Svartbäcksgatan', 'Sysslomansgatan', 'Luthagsesplanaden', 'Vaksalagatan', 'Torkelsgatan', 'Kungsgatan', 'Dag Hammarskjölds väg', 'Börjegatan'],
    },
    {
      city: 'Enköping',
      area: 'Enköping',
      latitude: 59.6361,
      longitude: 17.0777,
      zipcodes: ['745 31', '745 34', '745 37', '745 62'],
      streets: ['Kungsgatan', 'Rådmansgatan', 'Munksundsgatan', 'Västerledsgatan', 'Korsängsgatan'],
    },
  ],
  firstNames: [
    'Anna',
    'Erik',
    'Lars',
    'Karin',
    'Maria',
    'Johan',
    'Eva',
    'Per',
    'Lena',
    'Anders',
    'Ingrid',
    'Mikael',
    'Sofia',
    'Oskar',
    'Elin',
    'Henrik',
    'Maja',
    'Gustav',
    'Linnea',
    'Fredrik',
    'Astrid',
    'Nils',
    'Ebba',
    'Magnus',
    'Sara',
    'Ulla-Britt',
    'Jan-Erik',
  ],
  lastNames: [
    'Andersson',
    'Johansson',
    'Karlsson',
    'Nilsson',
    'Eriksson',
    'Larsson',
    'Olsson',
    'Persson',
    'Svensson',
    'Gustafsson',
    'Pettersson',
    'Lindberg',
    'Bergström',
    'Holm',
    'Sandberg',
    'Engström',
    'Lundgren',
    'Sjöberg',
    'Wallin',
    'Hedlund',
    'Åberg',
    'Ekström',
    'Nyström',
  ],
  otherLanguages: ['en'],
  phoneNumber: (random) => `+467${random.pick(['0', '2', '3', '6'])}${random.digits(7)}`,
  siteId: (random) => gsrn('735999', random),
  streetAddress: (random, street) => `${street} ${random.int(1, 98)}`,
  demo: {
    // Stored in lower case on purpose: exercises the portal's name-capitalisation rule.
    user: { firstName: 'anna-karin', lastName: 'Lindqvist', email: 'anna-karin.lindqvist@example.com', phoneNumber: '+46701234567' },
    home: {
      address: at('Björnövägen 17', '724 66', 'Västerås', 'Västerås', 59.6321, 16.4987),
      propertyType: 'HOUSE',
      extras: {
        propertyType: 'HOUSE',
        numberOfResidens: 4,
        size: 146,
        houseAge: '1970-1979',
        heating: 'HEAT_PUMP',
        heatingSecondary: ['WOOD'],
        cars: ['ELECTRIC'],
        gadgets: ['DISHWASHER', 'TUMBLE_DRYER', 'EV_CHARGER'],
      },
    },
    activeProcess: {
      address: at('Stora Gatan 41', '722 12', 'Västerås', 'Västerås', 59.6106, 16.5437),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 1, size: 48, heating: 'DISTRICT_HEATING' },
    },
    pending: {
      address: at('Torkelsgatan 9', '753 29', 'Uppsala', 'Uppsala', 59.8612, 17.6327),
      propertyType: 'ROWHOUSE',
      extras: { propertyType: 'ROWHOUSE', numberOfResidens: 4, size: 112, heating: 'DISTRICT_HEATING' },
    },
    terminated: {
      address: at('Vasagatan 22', '722 15', 'Västerås', 'Västerås', 59.6115, 16.5402),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 2, size: 67, heating: 'DISTRICT_HEATING' },
    },
    relative: { firstName: 'Birgitta', lastName: 'Lindqvist', email: 'birgitta.lindqvist@example.com', phoneNumber: '+46705551234' },
    summerHouse: {
      address: at('Sjövägen 14', '742 43', 'Öregrund', 'Östhammar', 60.3397, 18.4436),
      propertyType: 'SUMMERHOUSE',
      extras: { propertyType: 'SUMMERHOUSE', numberOfResidens: 2, size: 64, heating: 'ELECTRIC' },
    },
    business: {
      company: 'Mälardalens Bageri',
      legalForm: 'AB',
      email: 'ekonomi@malardalensbageri.example.com',
      phoneNumber: '+4621123456',
      site: at('Krongatan 6', '721 34', 'Västerås', 'Västerås', 59.6052, 16.5573),
    },
    noLocations: { firstName: 'Oskar', lastName: 'Berg', email: 'oskar.berg@example.com', phoneNumber: '+46739876543' },
  },
};

const fjellkraft: OrganisationProfile = {
  slug: 'fjellkraft',
  name: 'Fjellkraft',
  country: 'NO',
  currency: 'NOK',
  languages: ['nb', 'nn', 'en'],
  defaultLanguage: 'nb',
  signInMethods: ['USR_PWD', 'USR_PIN'],
  flags: {},
  theme: { primaryColor: '#1F3A5F', secondaryColor: '#E4572E', borderRadius: 'SMALL', logoText: 'Fjellkraft' },
  priceZone: 'NO1',
  readingPeriod: 'hourly',
  gridOperator: 'Østlandsnett AS',
  market: {
    vatRate: 0.25,
    spotAverage: 0.7,
    spotSeasonality: 0.4,
    surcharge: 0.049,
    surchargeDisplay: 4.9,
    fixedPrice: 0.99,
    gridFee: 0.36,
    energyTax: 0.1669,
    supplierMonthlyFee: 39,
    gridSubscription: { apartment: 150, house: 415, business: 1150 },
    consumptionScale: 1.15,
    agreementMix: [
      ['hourlySpot', 0.5],
      ['monthlySpot', 0.3],
      ['fixed', 0.2],
    ],
    heating: {
      house: ['HEAT_PUMP', 'ELECTRIC', 'WOOD', 'GEOTHERMAL'],
      apartment: ['ELECTRIC', 'DISTRICT_HEATING'],
    },
  },
  cities: [
    {
      city: 'Oslo',
      area: 'Oslo',
      latitude: 59.9139,
      longitude: 10.7522,
      zipcodes: ['0171', '0355', '0358', '0457', '0552', '0565', '0661', '0683', '0770', '0875'],
      streets: [
        'Thereses gate',
        'Bogstadveien',
        'Trondheimsveien',
        'Kirkeveien',
        'Sognsveien',
        'Ullevålsveien',
        'Markveien',
        'Tøyengata',
        'Solbergliveien',
        'Hovseterveien',
      ],
    },
    {
      city: 'Bærum',
      area: 'Bærum',
      latitude: 59.8906,
      longitude: 10.5261,
      zipcodes: ['1337', '1338', '1350', '1351', '1352', '1369'],
      streets: ['Rudsletta', 'Gamle Ringeriksvei', 'Bærumsveien', 'Jongsåsveien', 'Løkkeveien', 'Brynsveien'],
    },
    {
      city: 'Lillestrøm',
      area: 'Lillestrøm',
      latitude: 59.956,
      longitude: 11.0492,
      zipcodes: ['2000', '2004', '2007', '2010'],
      streets: ['Storgata', 'Nittedalsgata', 'Solheimveien', 'Jonas Lies gate', 'Fetveien'],
    },
    {
      city: 'Drammen',
      area: 'Drammen',
      latitude: 59.7439,
      longitude: 10.2045,
      zipcodes: ['3015', '3019', '3040', '3044'],
      streets: ['Konnerudgata', 'Tordenskiolds gate', 'Haugesgate', 'Hamborggata', 'Rosenkrantzgata'],
    },
  ],
  firstNames: [
    'Ola',
    'Kari',
    'Ingrid',
    'Lars',
    'Silje',
    'Håkon',
    'Marit',
    'Bjørn',
    'Ingeborg',
    'Sindre',
    'Astrid',
    'Eirik',
    'Solveig',
    'Torbjørn',
    'Ragnhild',
    'Magnus',
    'Nora',
    'Even',
    'Sigrid',
    'Øystein',
    'Hanne',
    'Jon',
    'Tone',
    'Espen',
    'Kjell-Arne',
  ],
  lastNames: [
    'Hansen',
    'Johansen',
    'Olsen',
    'Larsen',
    'Andersen',
    'Pedersen',
    'Nilsen',
    'Kristiansen',
    'Jensen',
    'Karlsen',
    'Berg',
    'Hagen',
    'Johannessen',
    'Eriksen',
    'Dahl',
    'Solberg',
    'Bakke',
    'Lie',
    'Strand',
    'Moen',
    'Halvorsen',
    'Sæther',
    'Løken',
    'Aasen',
  ],
  otherLanguages: ['nn', 'en'],
  phoneNumber: (random) => `+47${random.pick(['4', '9'])}${random.digits(7)}`,
  siteId: (random) => gsrn('707057', random),
  streetAddress: (random, street, apartment) => `${street} ${random.int(1, 120)}${apartment ? random.pick(['', 'A', 'B', 'C']) : ''}`,
  demo: {
    user: { firstName: 'Ingrid', lastName: 'Haugen', email: 'ingrid.haugen@example.com', phoneNumber: '+4791234567' },
    home: {
      address: at('Solbergliveien 32', '0683', 'Oslo', 'Oslo', 59.8922, 10.8171),
      propertyType: 'HOUSE',
      extras: {
        propertyType: 'HOUSE',
        numberOfResidens: 3,
        size: 168,
        houseAge: '1950-1959',
        heating: 'HEAT_PUMP',
        heatingSecondary: ['WOOD'],
        cars: ['ELECTRIC', 'ELECTRIC'],
        gadgets: ['EV_CHARGER', 'HEATED_FLOORS'],
      },
    },
    activeProcess: {
      address: at('Thereses gate 14B', '0358', 'Oslo', 'Oslo', 59.9256, 10.7343),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 1, size: 52, heating: 'ELECTRIC' },
    },
    pending: {
      address: at('Storgata 21', '2000', 'Lillestrøm', 'Lillestrøm', 59.9553, 11.0505),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 2, size: 74, heating: 'DISTRICT_HEATING' },
    },
    terminated: {
      address: at('Trondheimsveien 87', '0565', 'Oslo', 'Oslo', 59.9236, 10.7704),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 2, size: 61, heating: 'ELECTRIC' },
    },
    relative: { firstName: 'Per', lastName: 'Haugen', email: 'per.haugen@example.com', phoneNumber: '+4792345678' },
    summerHouse: {
      address: at('Fjellsætervegen 8', '2090', 'Hurdal', 'Hurdal', 60.4353, 11.0656),
      propertyType: 'SUMMERHOUSE',
      extras: { propertyType: 'SUMMERHOUSE', numberOfResidens: 4, size: 78, heating: 'WOOD', heatingSecondary: ['ELECTRIC'] },
    },
    business: {
      company: 'Nordmarka Snekkeri',
      legalForm: 'AS',
      email: 'post@nordmarkasnekkeri.example.com',
      phoneNumber: '+4767123456',
      site: at('Rudsletta 24', '1351', 'Rud', 'Bærum', 59.9083, 10.5064),
    },
    noLocations: { firstName: 'Even', lastName: 'Dahl', email: 'even.dahl@example.com', phoneNumber: '+4748765432' },
  },
};

const koivu: OrganisationProfile = {
  slug: 'koivu',
  name: 'Koivu Energia',
  country: 'FI',
  currency: 'EUR',
  languages: ['fi', 'sv', 'en'],
  defaultLanguage: 'fi',
  signInMethods: ['USR_PWD'],
  flags: { SHOW_FULL_NAME: false },
  theme: { primaryColor: '#3A5A40', secondaryColor: '#E9C46A', borderRadius: 'LARGE', logoText: 'Koivu' },
  priceZone: 'FI',
  readingPeriod: '15M',
  gridOperator: 'Hämeen Sähköverkko Oy',
  market: {
    vatRate: 0.255,
    spotAverage: 0.055,
    spotSeasonality: 0.5,
    surcharge: 0.0049,
    surchargeDisplay: 0.49,
    fixedPrice: 0.0849,
    gridFee: 0.047,
    energyTax: 0.02253,
    supplierMonthlyFee: 3.95,
    gridSubscription: { apartment: 9.5, house: 29, business: 85 },
    consumptionScale: 1,
    agreementMix: [
      ['hourlySpot', 0.3],
      ['15minSpot', 0.1],
      ['monthlySpot', 0.1],
      ['fixed', 0.5],
    ],
    heating: {
      house: ['GEOTHERMAL', 'HEAT_PUMP', 'ELECTRIC', 'DISTRICT_HEATING'],
      apartment: ['DISTRICT_HEATING'],
    },
  },
  cities: [
    {
      city: 'Tampere',
      area: 'Tampere',
      latitude: 61.4978,
      longitude: 23.761,
      zipcodes: ['33100', '33200', '33210', '33500', '33530', '33540', '33580', '33720'],
      streets: ['Hämeenkatu', 'Satakunnankatu', 'Pyynikintie', 'Sammonkatu', 'Teiskontie', 'Lapintie', 'Kalevan puistotie', 'Kissanmaankatu', 'Insinöörinkatu'],
    },
    {
      city: 'Lahti',
      area: 'Lahti',
      latitude: 60.9827,
      longitude: 25.6612,
      zipcodes: ['15100', '15110', '15140', '15150', '15200', '15610'],
      streets: ['Aleksanterinkatu', 'Vesijärvenkatu', 'Mannerheiminkatu', 'Kauppakatu', 'Hollolankatu', 'Jalkarannantie', 'Rautatienkatu'],
    },
    {
      city: 'Nokia',
      area: 'Nokia',
      latitude: 61.4789,
      longitude: 23.5084,
      zipcodes: ['37100', '37120', '37130', '37150'],
      streets: ['Härkitie', 'Välikatu', 'Pirkkalaistie', 'Souranderintie', 'Nuijamiestentie'],
    },
    {
      city: 'Hämeenlinna',
      area: 'Hämeenlinna',
      latitude: 60.9959,
      longitude: 24.4643,
      zipcodes: ['13100', '13130', '13210', '13500'],
      streets: ['Raatihuoneenkatu', 'Parolantie', 'Viipurintie', 'Turuntie', 'Linnankatu'],
    },
  ],
  firstNames: [
    'Juha',
    'Anne',
    'Mikko',
    'Päivi',
    'Timo',
    'Tiina',
    'Jari',
    'Sari',
    'Antti',
    'Johanna',
    'Ville',
    'Laura',
    'Matti',
    'Riikka',
    'Jussi',
    'Hanna',
    'Eero',
    'Aino',
    'Tuomas',
    'Katja',
    'Petri',
    'Minna',
    'Lauri',
    'Elina',
    'Anna-Liisa',
  ],
  lastNames: [
    'Korhonen',
    'Mäkinen',
    'Nieminen',
    'Mäkelä',
    'Hämäläinen',
    'Laine',
    'Heikkinen',
    'Koskinen',
    'Järvinen',
    'Lehtonen',
    'Lehtinen',
    'Saarinen',
    'Heinonen',
    'Niemi',
    'Heikkilä',
    'Kinnunen',
    'Turunen',
    'Salo',
    'Laitinen',
    'Tuominen',
    'Rantanen',
  ],
  otherLanguages: ['sv', 'en'],
  phoneNumber: (random) => `+358${random.pick(['40', '44', '50'])}${random.digits(7)}`,
  siteId: (random) => gsrn('643', random),
  streetAddress: (random, street, apartment) => `${street} ${random.int(1, 60)}${apartment ? ` ${random.pick(['A', 'B', 'C'])} ${random.int(1, 40)}` : ''}`,
  demo: {
    user: { firstName: 'Mikko', lastName: 'Virtanen', email: 'mikko.virtanen@example.com', phoneNumber: '+358401234567' },
    home: {
      address: at('Kissanmaankatu 20', '33530', 'Tampere', 'Tampere', 61.4921, 23.8109),
      propertyType: 'HOUSE',
      extras: {
        propertyType: 'HOUSE',
        numberOfResidens: 4,
        size: 128,
        houseAge: '1950-1959',
        heating: 'GEOTHERMAL',
        heatingSecondary: ['WOOD'],
        gadgets: ['SAUNA', 'DISHWASHER'],
      },
    },
    activeProcess: {
      address: at('Hämeenkatu 12 B 24', '33100', 'Tampere', 'Tampere', 61.4985, 23.7625),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 1, size: 41, heating: 'DISTRICT_HEATING' },
    },
    pending: {
      address: at('Vesijärvenkatu 30 A 5', '15140', 'Lahti', 'Lahti', 60.9887, 25.6578),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 2, size: 63, heating: 'DISTRICT_HEATING', gadgets: ['SAUNA'] },
    },
    terminated: {
      address: at('Satakunnankatu 18 A 7', '33210', 'Tampere', 'Tampere', 61.4996, 23.7531),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 2, size: 58, heating: 'DISTRICT_HEATING' },
    },
    relative: { firstName: 'Aino', lastName: 'Virtanen', email: 'aino.virtanen@example.com', phoneNumber: '+358505551234' },
    summerHouse: {
      address: at('Kaukelantie 45', '17500', 'Padasjoki', 'Padasjoki', 61.35, 25.278),
      propertyType: 'SUMMERHOUSE',
      extras: { propertyType: 'SUMMERHOUSE', numberOfResidens: 3, size: 55, heating: 'ELECTRIC', gadgets: ['SAUNA'] },
    },
    business: {
      company: 'Hämeen Leipomo',
      legalForm: 'Oy',
      email: 'laskutus@hameenleipomo.example.com',
      phoneNumber: '+35831234567',
      site: at('Rautatienkatu 21', '15110', 'Lahti', 'Lahti', 60.9798, 25.6536),
    },
    noLocations: { firstName: 'Lauri', lastName: 'Salonen', email: 'lauri.salonen@example.com', phoneNumber: '+358449876543' },
  },
};

const alpenwerk: OrganisationProfile = {
  slug: 'alpenwerk',
  name: 'Alpenwerk Energie',
  country: 'AT',
  currency: 'EUR',
  languages: ['de', 'en'],
  defaultLanguage: 'de',
  signInMethods: ['USR_PWD'],
  flags: {},
  theme: { primaryColor: '#B71C1C', secondaryColor: '#37474F', borderRadius: 'NONE', logoText: 'Alpenwerk' },
  priceZone: 'AT',
  readingPeriod: '15M',
  gridOperator: 'Alpennetz GmbH',
  market: {
    vatRate: 0.2,
    spotAverage: 0.1,
    spotSeasonality: 0.25,
    surcharge: 0.012,
    surchargeDisplay: 1.2,
    fixedPrice: 0.129,
    gridFee: 0.07,
    energyTax: 0.015,
    supplierMonthlyFee: 3.5,
    gridSubscription: { apartment: 3.4, house: 7.4, business: 24 },
    consumptionScale: 0.6,
    agreementMix: [
      ['fixed', 0.7],
      ['monthlySpot', 0.2],
      ['hourlySpot', 0.1],
    ],
    heating: {
      house: ['GAS', 'HEAT_PUMP', 'PELLETS', 'DISTRICT_HEATING', 'OIL'],
      apartment: ['DISTRICT_HEATING', 'GAS'],
    },
  },
  cities: [
    {
      city: 'Innsbruck',
      area: 'Innsbruck',
      latitude: 47.2692,
      longitude: 11.4041,
      zipcodes: ['6020'],
      streets: [
        'Maria-Theresien-Straße',
        'Museumstraße',
        'Höttinger Au',
        'Technikerstraße',
        'Amraser Straße',
        'Pradler Straße',
        'Reichenauer Straße',
        'Anichstraße',
        'Kranewitterstraße',
      ],
    },
    {
      city: 'Salzburg',
      area: 'Salzburg',
      latitude: 47.8095,
      longitude: 13.055,
      zipcodes: ['5020'],
      streets: ['Linzer Gasse', 'Ignaz-Harrer-Straße', 'Alpenstraße', 'Nonntaler Hauptstraße', 'Aigner Straße', 'Moosstraße', 'Vogelweiderstraße'],
    },
    {
      city: 'Hall in Tirol',
      area: 'Hall in Tirol',
      latitude: 47.281,
      longitude: 11.508,
      zipcodes: ['6060'],
      streets: ['Salvatorgasse', 'Milser Straße', 'Innsbrucker Straße', 'Schlossergasse'],
    },
    {
      city: 'Wörgl',
      area: 'Wörgl',
      latitude: 47.489,
      longitude: 12.061,
      zipcodes: ['6300'],
      streets: ['Bahnhofstraße', 'Salzburger Straße', 'Innsbrucker Straße', 'Brixentaler Straße'],
    },
  ],
  firstNames: [
    'Lukas',
    'Anna',
    'Maximilian',
    'Katharina',
    'Florian',
    'Sarah',
    'Stefan',
    'Julia',
    'Thomas',
    'Lisa',
    'Michael',
    'Christina',
    'Andreas',
    'Sabine',
    'Markus',
    'Elisabeth',
    'Johannes',
    'Theresa',
    'David',
    'Magdalena',
    'Josef',
    'Martina',
    'Georg',
    'Veronika',
    'Anna-Lena',
  ],
  lastNames: [
    'Gruber',
    'Huber',
    'Bauer',
    'Wagner',
    'Müller',
    'Pichler',
    'Steiner',
    'Moser',
    'Mayer',
    'Hofer',
    'Leitner',
    'Berger',
    'Fuchs',
    'Eder',
    'Fischer',
    'Schmid',
    'Winkler',
    'Weber',
    'Schwarz',
    'Maier',
    'Reiter',
    'Brunner',
    'Egger',
    'Haas',
  ],
  otherLanguages: ['en'],
  phoneNumber: (random) => `+43${random.pick(['664', '676', '699', '660'])}${random.digits(7)}`,
  // Zählpunktnummer: AT + 6-digit grid operator + 5-digit postcode + 20 digits (33 characters).
  siteId: (random, zipcode) => `AT00${random.pick(['5000', '9000'])}${zipcode.padStart(5, '0')}${random.digits(20)}`,
  streetAddress: (random, street, apartment) => `${street} ${random.int(1, 90)}${apartment ? `/${random.int(1, 24)}` : ''}`,
  demo: {
    user: { firstName: 'Katharina', lastName: 'Gruber', email: 'katharina.gruber@example.com', phoneNumber: '+436641234567' },
    home: {
      address: at('Pradler Straße 42', '6020', 'Innsbruck', 'Innsbruck', 47.2653, 11.4135),
      propertyType: 'HOUSE',
      extras: { propertyType: 'HOUSE', numberOfResidens: 4, size: 152, houseAge: '1980-1989', heating: 'HEAT_PUMP', cars: ['PETROL'], gadgets: ['DISHWASHER'] },
    },
    activeProcess: {
      address: at('Anichstraße 7/12', '6020', 'Innsbruck', 'Innsbruck', 47.2653, 11.3949),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 1, size: 45, heating: 'DISTRICT_HEATING' },
    },
    pending: {
      address: at('Linzer Gasse 33/4', '5020', 'Salzburg', 'Salzburg', 47.8036, 13.0476),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 2, size: 71, heating: 'GAS' },
    },
    terminated: {
      address: at('Reichenauer Straße 81/9', '6020', 'Innsbruck', 'Innsbruck', 47.2671, 11.4283),
      propertyType: 'APPARTMENT',
      extras: { propertyType: 'APPARTMENT', numberOfResidens: 2, size: 66, heating: 'DISTRICT_HEATING' },
    },
    relative: { firstName: 'Josef', lastName: 'Gruber', email: 'josef.gruber@example.com', phoneNumber: '+436765551234' },
    summerHouse: {
      address: at('Möserer Straße 21', '6100', 'Seefeld in Tirol', 'Seefeld in Tirol', 47.3299, 11.1877),
      propertyType: 'SUMMERHOUSE',
      extras: { propertyType: 'SUMMERHOUSE', numberOfResidens: 4, size: 90, heating: 'ELECTRIC', heatingSecondary: ['WOOD'] },
    },
    business: {
      company: 'Tiroler Bergbäckerei',
      legalForm: 'GmbH',
      email: 'buchhaltung@bergbaeckerei.example.com',
      phoneNumber: '+43512123456',
      site: at('Grabenweg 68', '6020', 'Innsbruck', 'Innsbruck', 47.2622, 11.4323),
    },
    noLocations: { firstName: 'Florian', lastName: 'Steiner', email: 'florian.steiner@example.com', phoneNumber: '+436609876543' },
  },
};

export const organisationProfiles: readonly OrganisationProfile[] = [solvik, fjellkraft, koivu, alpenwerk];
