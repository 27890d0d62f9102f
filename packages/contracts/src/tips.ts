import { z } from 'zod';
import { hasControlCharacter, Id, Slug } from './common.ts';
import { Language, languages, type ServiceType } from './enums.ts';
import { Heating, type Gadget, type SecondaryHeating } from './home.ts';
import type { StaffScope } from './staff.ts';

/*
 * Tips (spec 001 §3 "Location … tips" and "Tip"; spec 002 §3 "Tip", §4, §7 "Tips"; issue 18,
 * decision 0053). An organisation writes tips (a title and a body per language) and says which
 * locations they are for with segments; a customer reads the enabled tips that match a location in
 * their language and marks each done or not done, per location.
 */

/** Who sees an organisation's tips in the back office. */
export const tipReaders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_MARKETING', 'ORG_SUPPORT', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];
/** Who creates, changes and deletes them: the platform's admins and the organisation's admins and marketers. */
export const tipWriters = ['ADMIN', 'ORG_ADMIN', 'ORG_MARKETING'] as const satisfies readonly StaffScope[];

/** Limits per language (decision 0053; the spec names none: those of a home-screen card). */
export const TIP_TITLE_MAX = 100;
export const TIP_BODY_MAX = 1000;
export const TIP_SORT_ORDER_MAX = 100_000;

/**
 * Service segments (spec 001 §3): "has grid, trade, heating, production grid, production trade,
 * waste, broadband, gas grid, gas trade", named by the service types they test (grid is
 * `consumption_grid`, trade `consumption_trade`).
 */
export const tipServiceSegments = [
  'consumption_grid', 'consumption_trade', 'heating', 'production_grid', 'production_trade', 'waste', 'broadband', 'gas_grid', 'gas_trade',
] as const satisfies readonly ServiceType[];
export const TipServiceSegment = z.enum(tipServiceSegments);
export type TipServiceSegment = z.infer<typeof TipServiceSegment>;

/**
 * Who a tip is for (spec 001 §3). Every condition given must hold; none given is the segment "all
 * users". `heatingTypes`: the location's primary heating is one of them. `hasFloorHeating`: the
 * home's gadgets include floor heating (true) or do not (false). `hasWaterHeater`: an electric
 * boiler is the primary or a secondary heating (true) or is neither (false). `services`: the
 * location has a service of each type (a terminated, cancelled or denied one does not count).
 * `accountOwner`: the reader's role in the location's account is (true) or is not (false) owner.
 */
export const TipSegments = z.strictObject({
  heatingTypes: z.array(Heating).max(Heating.options.length).optional(),
  hasFloorHeating: z.boolean().optional(),
  hasWaterHeater: z.boolean().optional(),
  services: z.array(TipServiceSegment).max(tipServiceSegments.length).optional(),
  accountOwner: z.boolean().optional(),
});
export type TipSegments = z.infer<typeof TipSegments>;

/** What a location says about the segments: its home details, its services and the reader's role. */
export interface TipFacts {
  heating: Heating | null;
  heatingSecondary: readonly (SecondaryHeating | string)[];
  gadgets: readonly (Gadget | string)[];
  serviceTypes: readonly string[];
  accountOwner: boolean;
}

/** Whether a tip's segments match a location (one pure rule, used by the server; decision 0053). */
export function tipMatches(segments: TipSegments, facts: TipFacts): boolean {
  if (segments.heatingTypes && segments.heatingTypes.length > 0 && (facts.heating === null || !segments.heatingTypes.includes(facts.heating))) return false;
  if (segments.hasFloorHeating !== undefined && facts.gadgets.includes('floorHeating') !== segments.hasFloorHeating) return false;
  if (segments.hasWaterHeater !== undefined) {
    const has = facts.heating === 'electricBoiler' || facts.heatingSecondary.includes('electricBoiler');
    if (has !== segments.hasWaterHeater) return false;
  }
  if (segments.services && !segments.services.every((type) => facts.serviceTypes.includes(type))) return false;
  if (segments.accountOwner !== undefined && facts.accountOwner !== segments.accountOwner) return false;
  return true;
}

/** Whether a tip is for everyone (no condition): the segment "all users". */
export const isAllUsers = (segments: TipSegments): boolean =>
  !segments.heatingTypes?.length && segments.hasFloorHeating === undefined && segments.hasWaterHeater === undefined && !segments.services?.length && segments.accountOwner === undefined;

const noControl = (text: string) => !hasControlCharacter(text, { multiline: true });

/** A tip's text in one language; both blank is "not written in this language". */
export const TipText = z.strictObject({
  title: z.string().max(TIP_TITLE_MAX, 'TIP_TITLE_TOO_LONG').refine(noControl, 'INVALID_CHARACTERS'),
  body: z.string().max(TIP_BODY_MAX, 'TIP_BODY_TOO_LONG').refine(noControl, 'INVALID_CHARACTERS'),
});
export type TipText = z.infer<typeof TipText>;

const blank = (text: string | undefined) => (text ?? '').trim() === '';
/** A language with a title and a body. */
export const isWritten = (text: TipText | undefined): text is TipText => !!text && !blank(text.title) && !blank(text.body);

/**
 * The texts per language: at least one language with a title and a body (`TIP_TEXT_REQUIRED`), and
 * no language with only one of them (`TIP_TEXT_INCOMPLETE`, on the missing field, so a form marks it).
 */
export const TipTexts = z.partialRecord(z.enum(languages), TipText).superRefine((texts, ctx) => {
  for (const [language, text] of Object.entries(texts)) {
    if (text && blank(text.title) !== blank(text.body)) ctx.addIssue({ code: 'custom', message: 'TIP_TEXT_INCOMPLETE', path: [language, blank(text.title) ? 'title' : 'body'] });
  }
  if (!Object.values(texts).some(isWritten)) ctx.addIssue({ code: 'custom', message: 'TIP_TEXT_REQUIRED' });
});
export type TipTexts = Partial<Record<Language, TipText>>;

/** The error keys of a tip's body. */
export const tipRuleKeys = ['TIP_TEXT_REQUIRED', 'TIP_TEXT_INCOMPLETE', 'TIP_TITLE_TOO_LONG', 'TIP_BODY_TOO_LONG'] as const;

/** What the back office sends to create or replace a tip: strict. */
export const TipRequest = z.strictObject({
  texts: TipTexts,
  segments: TipSegments.default({}),
  enabled: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(TIP_SORT_ORDER_MAX).default(0),
});
export type TipRequest = z.input<typeof TipRequest>;

/** A tip as staff see it. */
export const Tip = z.object({
  _id: Id,
  organisation: z.string(),
  texts: z.partialRecord(z.enum(languages), z.object({ title: z.string(), body: z.string() })),
  segments: TipSegments,
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type Tip = z.infer<typeof Tip>;

const OrganisationQuery = { organisation: Slug.optional() };
export const TipWriteQuery = z.object(OrganisationQuery);

/** `GET /v3/data/tips/`: by sort order, then oldest first; paged; optionally only the enabled or disabled ones. */
export const ListTipsQuery = z.object({
  ...OrganisationQuery,
  enabled: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListTipsQuery = z.input<typeof ListTipsQuery>;

/** `?language=`: the language of the texts (else the organisation's default language, then English). */
export const TipLanguageQuery = z.object({ language: Language.optional() });

/** A tip at a location, as the customer reads it (spec 001 §3: tipId, completed, createdAt, updatedAt). */
export const LocationTip = z.object({
  tipId: Id,
  title: z.string(),
  body: z.string(),
  /** The language the title and body are in (the one asked for, or the fallback). */
  language: Language,
  completed: z.boolean(),
  /** When the location's state of the tip was first and last set; the tip's own times until it is. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LocationTip = z.infer<typeof LocationTip>;

export const TipCompletedRequest = z.strictObject({ completed: z.boolean() });

/** The language to show a tip in: the one asked for, the organisation's default, English, then any written one. */
export function tipLanguage(texts: TipTexts, asked: Language | undefined, organisationDefault: Language): Language | null {
  for (const language of [asked, organisationDefault, 'en' as const]) if (language && isWritten(texts[language])) return language;
  return languages.find((language) => isWritten(texts[language])) ?? null;
}
