import { z } from 'zod';
import { Id } from './common.ts';
import { AgreementType, ServiceType, SiteType } from './enums.ts';

/**
 * One row of an agreement's table (spec 000 §2.8, §3): `key` names what it is (status,
 * startDate, endDate, surcharge, monthlyFee, price, energyTax, consumptionPrice, …), `title` is
 * the provider's own header for it, `value` the raw value and `template` an optional way to show
 * it: a template name of the copy texts (`subUnitPerKwh`, `currencyPerMonth`, …) or a text
 * with `{{value}}` in it.
 */
export const AgreementInfoEntry = z.object({
  key: z.string(),
  title: z.string(),
  value: z.union([z.string(), z.number(), z.null()]),
  template: z.string().optional(),
});
export type AgreementInfoEntry = z.infer<typeof AgreementInfoEntry>;

/** An agreement of a location's service; `siteType` is how the portal names the service. */
export const Agreement = z.object({
  _id: Id,
  type: AgreementType,
  serviceId: Id.nullable(),
  serviceType: ServiceType,
  siteType: SiteType,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  info: z.array(AgreementInfoEntry),
});
export type Agreement = z.infer<typeof Agreement>;
