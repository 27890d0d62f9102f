import { z } from 'zod';

/** Enumerations of spec 000 section 3 and spec 001 section 3, spelled exactly as the spec. */
export const languages = ['en', 'sv', 'nb', 'nn', 'fi', 'de'] as const;
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export const countries = ['SE', 'NO', 'FI', 'AT'] as const;
export const Country = z.enum(countries);
export type Country = z.infer<typeof Country>;

export const currencies = ['SEK', 'NOK', 'EUR'] as const;
export const Currency = z.enum(currencies);
export type Currency = z.infer<typeof Currency>;

export const AccountType = z.enum(['CUSTOMER', 'BUSINESS', 'USER', 'ANONYMOUS', 'DEMO']);
export type AccountType = z.infer<typeof AccountType>;

export const AccountRole = z.enum(['OWNER', 'BS_OWNER', 'GUEST', 'INSPECTOR', 'READONLY']);
export type AccountRole = z.infer<typeof AccountRole>;

export const SiteType = z.enum([
  'ALL', 'CONSUMPTION', 'CONSUMPTION_NET', 'PRODUCTION', 'PRODUCTION_NET', 'BROADBAND', 'TV',
  'WATER', 'HEATING', 'COOLING', 'OTHER', 'GAS', 'GAS_NET', 'WASTE', 'USER',
]);
export type SiteType = z.infer<typeof SiteType>;

export const LocationStatus = z.enum([
  'DENIED', 'IN_PROCESS', 'PENDING', 'ACTIVE', 'ACTIVE_PROCESS', 'TERMINATED', 'CANCELED',
  'UNDECIDED', 'DELETED',
]);
export type LocationStatus = z.infer<typeof LocationStatus>;

/** Only these statuses are ever shown to a customer (spec 000 2.2, 001 3). */
export const visibleLocationStatuses: readonly LocationStatus[] = ['ACTIVE', 'ACTIVE_PROCESS', 'PENDING'];

export const ServiceType = z.enum([
  'consumption_trade', 'consumption_grid', 'production_trade', 'production_grid', 'heating',
  'cooling', 'gas_trade', 'gas_grid', 'broadband', 'tv', 'water', 'waste',
]);
export type ServiceType = z.infer<typeof ServiceType>;

export const ServiceStatus = z.enum(['active', 'pending', 'canceled', 'denied', 'terminated']);
export type ServiceStatus = z.infer<typeof ServiceStatus>;

export const ReadingPeriod = z.enum(['none', '15M', 'hourly', 'daily', 'monthly', 'yearly']);
export type ReadingPeriod = z.infer<typeof ReadingPeriod>;

export const PriceZone = z.enum([
  'SE1', 'SE2', 'SE3', 'SE4', 'NO1', 'NO2', 'NO3', 'NO4', 'NO5', 'FI', 'AT',
]);
export type PriceZone = z.infer<typeof PriceZone>;

export const AgreementType = z.enum(['hourlySpot', 'monthlySpot', 'fixed', 'mixed', '15minSpot']);
export type AgreementType = z.infer<typeof AgreementType>;

export const SignInType = z.enum([
  'BANKID', 'BANKID_QR', 'BANKID_OTHER_DEVICE', 'USR_PWD', 'USR_PIN', 'EMAIL_LINK', 'ADMIN',
  'ADMIN_BANKID', 'OPENID', 'OPENID_WEB_VIEW', 'EMAIL_CODE',
]);
export type SignInType = z.infer<typeof SignInType>;

export const AuthProcessStatus = z.enum(['aborted', 'process', 'complete', 'done', 'error']);
export type AuthProcessStatus = z.infer<typeof AuthProcessStatus>;

export const AccessScope = z.enum([
  'ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT', 'ORG_MARKETING', 'ORG_DEVELOPER', 'ORG_USER', 'WEBHOOK',
  'SERVICE', 'PARTNER', 'USER', 'DEMO', 'REFRESH',
]);
export type AccessScope = z.infer<typeof AccessScope>;

export const InvoiceFileType = z.enum(['pdf', 'missing']);
export type InvoiceFileType = z.infer<typeof InvoiceFileType>;

export const InvoiceStatus = z.enum(['UNPAID', 'PAID', 'CREDITED', 'REMINDED']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

export const PropertyType = z.enum(['APPARTMENT', 'ROWHOUSE', 'HOUSE', 'SUMMERHOUSE', 'UNKNOWN']);
export type PropertyType = z.infer<typeof PropertyType>;
