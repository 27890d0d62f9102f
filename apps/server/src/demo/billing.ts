import type { AgreementType, PropertyType } from '@gridline/contracts/enums';
import { createRandom, type Random } from './random.ts';
import { daysInMonth, monthKey, type Month } from './dates.ts';
import type { Market, OrganisationProfile } from './profile-types.ts';

/** Seasonal consumption, monthly prices and invoice lines for the demo data. */

export type ConsumerKind = PropertyType | 'BUSINESS';

export interface ConsumptionProfile {
  kind: ConsumerKind;
  annualKwh: number;
  /** 0 = flat all year; 0.5 = January 1.5× and July 0.5× the monthly average. */
  seasonality: number;
}

export interface InvoiceLine {
  key: 'energy' | 'gridFee' | 'energyTax' | 'monthlyFee' | 'vat';
  quantity?: number;
  unit?: string;
  unitPrice?: number;
  amount: number;
}

export interface InvoiceFigures {
  consumption: number;
  lines: InvoiceLine[];
  totalAmount: number;
  vatAmount: number;
}

export interface PricedAgreement {
  type: AgreementType;
  /** Per kWh, only for fixed agreements. */
  fixedPrice?: number;
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Heating (spec 000 §3 "Heating options") that runs on electricity: direct, heat pumps, an electric boiler. */
export const electricHeating: ReadonlySet<string> = new Set(['direct', 'air', 'airwater', 'exhaustAir', 'geothermal', 'electricBoiler']);

/** Annual consumption by kind of home and heating; houses are scaled for the market. */
export function consumptionProfile(random: Random, kind: ConsumerKind, heating: string | undefined, scale: number): ConsumptionProfile {
  const electricHeat = electricHeating.has(heating ?? '');
  let annual: number;
  let seasonality: number;
  switch (kind) {
    case 'APPARTMENT':
      annual = random.int(1800, 3600);
      seasonality = 0.2;
      break;
    case 'ROWHOUSE':
      annual = electricHeat ? random.int(8000, 12000) : random.int(4500, 7000);
      seasonality = electricHeat ? 0.4 : 0.25;
      break;
    case 'HOUSE':
      annual = electricHeat ? random.int(12000, 20000) : random.int(5000, 8000);
      seasonality = electricHeat ? 0.5 : 0.25;
      break;
    case 'SUMMERHOUSE':
      annual = random.int(2500, 5000);
      seasonality = 0.15;
      break;
    case 'BUSINESS':
      annual = random.int(30000, 80000);
      seasonality = 0.3;
      break;
    case 'UNKNOWN':
      annual = random.int(3000, 8000);
      seasonality = 0.3;
      break;
  }
  // The market scale is about heating, so it applies to houses only.
  const heated = kind === 'HOUSE' || kind === 'ROWHOUSE' || kind === 'SUMMERHOUSE';
  return { kind, annualKwh: Math.round(annual * (heated ? scale : 1)), seasonality };
}

const seasonalWeight = (month: Month, seasonality: number): number => 1 + seasonality * Math.cos((2 * Math.PI * (month.month - 1)) / 12);

/** kWh used in a month: the annual figure spread by season and month length, with some noise. */
export function monthlyConsumption(profile: ConsumptionProfile, month: Month, random: Random): number {
  const average = profile.annualKwh / 12;
  const days = daysInMonth(month) / 30.44;
  return Math.max(1, Math.round(average * seasonalWeight(month, profile.seasonality) * days * random.float(0.92, 1.08)));
}

/**
 * The month's average spot price for the organisation's price zone. It depends only on the
 * organisation and the month, so every customer of an organisation sees the same market.
 */
export function spotPrice(organisation: OrganisationProfile, month: Month): number {
  const market = organisation.market;
  const noise = createRandom(`${organisation.slug}:spot:${monthKey(month)}`).float(0.7, 1.3);
  return round(market.spotAverage * seasonalWeight(month, market.spotSeasonality) * noise, 4);
}

/** The energy price per kWh (excl. VAT) under an agreement in a month. */
export function energyUnitPrice(organisation: OrganisationProfile, agreement: PricedAgreement, month: Month): number {
  const market = organisation.market;
  switch (agreement.type) {
    case 'fixed':
      return round(agreement.fixedPrice ?? market.fixedPrice, 4);
    case 'hourlySpot':
    case '15minSpot':
      // Households use more when prices are high: their profile costs a little above average.
      return round(spotPrice(organisation, month) * (month.month <= 3 || month.month >= 11 ? 1.07 : 1.03) + market.surcharge, 4);
    case 'monthlySpot':
    case 'mixed':
      return round(spotPrice(organisation, month) + market.surcharge, 4);
  }
}

export function monthlyFee(market: Market, kind: ConsumerKind): number {
  const grid =
    kind === 'BUSINESS'
      ? market.gridSubscription.business
      : kind === 'APPARTMENT' || kind === 'SUMMERHOUSE'
        ? market.gridSubscription.apartment
        : market.gridSubscription.house;
  return round(grid + market.supplierMonthlyFee, 2);
}

/**
 * The lines of one monthly invoice. Amounts are computed in cents so that the lines add up to
 * the total exactly.
 */
export function invoiceFigures(
  organisation: OrganisationProfile,
  agreement: PricedAgreement,
  kind: ConsumerKind,
  month: Month,
  consumption: number,
): InvoiceFigures {
  const market = organisation.market;
  const cents = (value: number): number => Math.round(value * 100);
  const priced = (key: 'energy' | 'gridFee' | 'energyTax', unitPrice: number) => {
    const amountCents = cents(consumption * unitPrice);
    return { line: { key, quantity: consumption, unit: 'kWh', unitPrice, amount: amountCents / 100 } as InvoiceLine, amountCents };
  };

  const energy = priced('energy', energyUnitPrice(organisation, agreement, month));
  const grid = priced('gridFee', market.gridFee);
  const tax = priced('energyTax', market.energyTax);
  const feeCents = cents(monthlyFee(market, kind));
  const netCents = energy.amountCents + grid.amountCents + tax.amountCents + feeCents;
  const vatCents = Math.round(netCents * market.vatRate);
  const totalCents = netCents + vatCents;

  return {
    consumption,
    lines: [energy.line, grid.line, tax.line, { key: 'monthlyFee', amount: feeCents / 100 }, { key: 'vat', amount: vatCents / 100 }],
    totalAmount: totalCents / 100,
    vatAmount: vatCents / 100,
  };
}
