import { z } from 'zod';
import { Country, Currency, Language, SignInType } from './enums.ts';

/** The public part of an organisation's portal configuration. */
export const PublicOrganisation = z.object({
  slug: z.string(),
  name: z.string(),
  country: Country,
  currency: Currency,
  timeZone: z.string(),
  languages: z.array(Language),
  defaultLanguage: Language,
  signInMethods: z.array(SignInType),
  flags: z.record(z.string(), z.union([z.boolean(), z.string(), z.number(), z.array(z.string())])),
  theme: z.object({
    primaryColor: z.string(),
    secondaryColor: z.string(),
    borderRadius: z.enum(['NONE', 'SMALL', 'MEDIUM', 'LARGE']),
    logoText: z.string().optional(),
  }),
});
export type PublicOrganisation = z.infer<typeof PublicOrganisation>;

export const CopyQuery = z.object({
  version: z.string().default('v3.0'),
  organisation: z.string().min(1),
  language: Language,
  types: z.string().optional(),
});
