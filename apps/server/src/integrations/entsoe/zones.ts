import type { PriceZone } from '@gridline/contracts/enums';

/**
 * The ENTSO-E EIC code of each bidding zone we serve. ENTSO-E addresses a zone only by this code
 * (`in_Domain`/`out_Domain` in a request, `in_Domain.mRID` in an answer), never by its name.
 */
export const EIC_BY_ZONE = {
  SE1: '10Y1001A1001A44P',
  SE2: '10Y1001A1001A45N',
  SE3: '10Y1001A1001A46L',
  SE4: '10Y1001A1001A47J',
  NO1: '10YNO-1--------2',
  NO2: '10YNO-2--------T',
  NO3: '10YNO-3--------J',
  NO4: '10YNO-4--------9',
  NO5: '10Y1001A1001A48H',
  FI: '10YFI-1--------U',
  AT: '10YAT-APG------L',
} as const satisfies Record<PriceZone, string>;

export const PRICE_ZONES = Object.keys(EIC_BY_ZONE) as readonly PriceZone[];

const ZONE_BY_EIC: ReadonlyMap<string, PriceZone> = new Map(PRICE_ZONES.map((zone) => [EIC_BY_ZONE[zone], zone]));

export function eicOfZone(zone: PriceZone): string {
  return EIC_BY_ZONE[zone];
}

/** The zone of an EIC code, or null for a zone we do not serve (a document may name any area). */
export function zoneOfEic(eic: string): PriceZone | null {
  return ZONE_BY_EIC.get(eic) ?? null;
}
