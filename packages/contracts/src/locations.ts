import { z } from 'zod';
import { Id } from './common.ts';
import { LocationStatus, PriceZone, PropertyType, ReadingPeriod, ServiceStatus, ServiceType, SiteType } from './enums.ts';

export const Position = z.object({ address: z.string(), zipcode: z.string(), city: z.string() });

/** Home details (spec 000 section 3, spelling as the spec). */
export const HomeExtras = z.object({
  propertyType: PropertyType.optional(),
  numberOfResidens: z.number().int().optional(),
  size: z.number().optional(),
  wasteful: z.number().optional(),
  ageMix: z.string().optional(),
  houseAge: z.string().optional(),
  cars: z.array(z.string()).optional(),
  heating: z.string().optional(),
  heatingSecondary: z.array(z.string()).optional(),
  gadgets: z.array(z.string()).optional(),
});
export type HomeExtras = z.infer<typeof HomeExtras>;

/** Portal view of a service: `type` is the site type; `serviceType` the platform's service type. */
export const Service = z.object({
  _id: Id,
  type: SiteType,
  serviceType: ServiceType,
  status: ServiceStatus,
  readingPeriod: ReadingPeriod,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  provider: z.object({ siteId: z.string() }),
});
export type Service = z.infer<typeof Service>;

export const Location = z.object({
  _id: Id,
  accountId: Id.nullable(),
  status: LocationStatus,
  startDate: z.string().nullable(),
  type: SiteType,
  position: Position,
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  area: z.string(),
  priceZone: PriceZone.nullable(),
  pricezone: PriceZone.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  provider: z.object({ siteId: z.string() }),
  services: z.array(Service),
  extras: HomeExtras,
  accountOwner: z.object({ _id: Id }).nullable(),
  users: z.array(Id),
});
export type Location = z.infer<typeof Location>;
