import { z } from 'zod';
import { BoundedInstant, Id } from './common.ts';
import { languages, type Language } from './enums.ts';
import type { StaffScope } from './staff.ts';

/**
 * Disruption notices (spec 002 §3 "Disruption", §4, §5, §9; spec 000 §2.4, §3): a provider tells
 * its customers about a disruption in the app and in the portal. A `warning` shows a banner, a
 * `fatal` one sends the visitor to the fatal page. The status is not stored: it follows from the
 * schedule and the clock (`disruptionStatus`).
 */
export const DisruptionType = z.enum(['warning', 'fatal']);
export type DisruptionType = z.infer<typeof DisruptionType>;

/** The channels a disruption is shown in: the provider's app and the web portal ("my pages"). */
export const DisruptionTarget = z.enum(['app', 'mypages']);
export type DisruptionTarget = z.infer<typeof DisruptionTarget>;

export const DisruptionStatus = z.enum(['planned', 'ongoing', 'finished']);
export type DisruptionStatus = z.infer<typeof DisruptionStatus>;

export const DisruptionLevel = z.enum(['mild', 'moderate', 'severe']);
export type DisruptionLevel = z.infer<typeof DisruptionLevel>;

/** Limits per language (spec 002 §5, §9). */
export const DISRUPTION_TITLE_MAX = 100;
export const DISRUPTION_MESSAGE_MAX = 500;

/** A text per language; a language may be left out or blank. */
const textsPerLanguage = (max: number, tooLong: string) => z.partialRecord(z.enum(languages), z.string().max(max, tooLong));

export const DisruptionTitles = textsPerLanguage(DISRUPTION_TITLE_MAX, 'DISRUPTION_TITLE_TOO_LONG');
export const DisruptionMessages = textsPerLanguage(DISRUPTION_MESSAGE_MAX, 'DISRUPTION_MESSAGE_TOO_LONG');
export type DisruptionTexts = Partial<Record<Language, string>>;

/** When a disruption is in force: from `startDate`, until `endDate` (excluded) when there is one. */
export const DisruptionSchedule = z.object({
  startDate: BoundedInstant,
  endDate: BoundedInstant.nullable().optional(),
});
export type DisruptionSchedule = z.infer<typeof DisruptionSchedule>;

const hasText = (texts: DisruptionTexts) => Object.values(texts).some((text) => typeof text === 'string' && text.trim() !== '');

export const DISRUPTION_NAME_MAX = 200;

/** The fields staff write (spec 002 §3, §5); `updatedBy` is not among them: the server sets it from the staff token. */
const disruptionFields = {
  name: z.string().trim().min(1, 'DISRUPTION_NAME_REQUIRED').max(DISRUPTION_NAME_MAX, 'TOO_LONG: at most 200 characters'),
  type: DisruptionType,
  targets: z.array(DisruptionTarget).min(1, 'DISRUPTION_TARGET_REQUIRED').max(DisruptionTarget.options.length),
  title: DisruptionTitles.default({}),
  message: DisruptionMessages.refine(hasText, 'DISRUPTION_MESSAGE_REQUIRED'),
  enabled: z.boolean().default(false),
  schedule: DisruptionSchedule.nullable().default(null),
  level: DisruptionLevel.default('moderate'),
};

const endAfterStart = (input: { schedule: DisruptionSchedule | null }) =>
  !input.schedule?.endDate || Date.parse(input.schedule.endDate) > Date.parse(input.schedule.startDate);
const endAfterStartIssue = { message: 'DISRUPTION_END_BEFORE_START', path: ['schedule', 'endDate'] };

/**
 * What the back office sends to create or replace a disruption (`POST …/disruption`, `PUT
 * …/disruption/{id}`): strict (an extra field is refused), titles at most 100 and messages at most
 * 500 characters per language, a message in at least one language, an end after the start. Zod
 * messages are the rule's error key (`errors.ts`), so the form and the server say the same.
 */
export const DisruptionRequest = z.strictObject(disruptionFields).refine(endAfterStart, endAfterStartIssue);
export type DisruptionRequest = z.input<typeof DisruptionRequest>;

/**
 * What the service writes (spec 002 §5): the request's fields and `updatedBy`, an e-mail address
 * (the staff member's, or the command line's).
 */
export const DisruptionInput = z
  .object({ ...disruptionFields, updatedBy: z.email('DISRUPTION_UPDATED_BY_EMAIL') })
  .refine(endAfterStart, endAfterStartIssue);
export type DisruptionInput = z.infer<typeof DisruptionInput>;

/** Who manages disruptions (issue 17): the platform's admins and support in every organisation, an organisation's admins and support in their own. */
export const disruptionManagers = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT'] as const satisfies readonly StaffScope[];

/**
 * A disruption as customers' clients read it (`GET /v4/disruptions/{product}/active-disruption`):
 * who changed it is left out.
 */
export const Disruption = z.object({
  _id: Id,
  name: z.string(),
  organisation: z.string(),
  type: DisruptionType,
  targets: z.array(DisruptionTarget),
  title: DisruptionTitles,
  message: DisruptionMessages,
  enabled: z.boolean(),
  schedule: DisruptionSchedule.nullable(),
  status: DisruptionStatus,
  level: DisruptionLevel,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Disruption = z.infer<typeof Disruption>;

/** A disruption as staff see it: with who changed it last (an e-mail address). */
export const StaffDisruption = Disruption.extend({ updatedBy: z.string() });
export type StaffDisruption = z.infer<typeof StaffDisruption>;

/** `GET /v4/disruptions/bridge/{product}/disruptions`: newest first, paged, by status (from the schedule and the clock) and type. */
export const ListDisruptionsQuery = z.object({
  status: DisruptionStatus.optional(),
  type: DisruptionType.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListDisruptionsQuery = z.input<typeof ListDisruptionsQuery>;

/** `?product=`: the channel asking, `mypages` (the portal) or `app`. */
export const ActiveDisruptionQuery = z.object({ product: DisruptionTarget });

/**
 * The status of a disruption at `now` (spec 002 §4): without a schedule it is in force as soon
 * as it is enabled (`ongoing`); with one it is `planned` before the start, `ongoing` from the
 * start until the end (excluded), and `finished` from the end on.
 */
export function disruptionStatus(
  schedule: { startDate: string | Date; endDate?: string | Date | null } | null | undefined,
  now: Date | number,
): DisruptionStatus {
  if (!schedule) return 'ongoing';
  const at = typeof now === 'number' ? now : now.getTime();
  if (at < new Date(schedule.startDate).getTime()) return 'planned';
  if (schedule.endDate != null && at >= new Date(schedule.endDate).getTime()) return 'finished';
  return 'ongoing';
}

/** Which of several disruptions in force a channel shows: fatal first, then the more severe, then the latest start. */
export const disruptionLevelRank: Readonly<Record<DisruptionLevel, number>> = { mild: 0, moderate: 1, severe: 2 };
