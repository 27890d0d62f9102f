import { z } from 'zod';
import { BoundedInstant, Id } from './common.ts';
import { languages, type Language } from './enums.ts';

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

/**
 * What the back office writes (spec 002 §5): titles at most 100 and messages at most 500
 * characters per language, a message in at least one language, `updatedBy` an e-mail address,
 * an end after the start. Zod messages are the rule's key.
 */
export const DisruptionInput = z
  .object({
    name: z.string().trim().min(1, 'DISRUPTION_NAME_REQUIRED').max(200),
    type: DisruptionType,
    targets: z.array(DisruptionTarget).min(1, 'DISRUPTION_TARGET_REQUIRED'),
    title: DisruptionTitles.default({}),
    message: DisruptionMessages.refine(hasText, 'DISRUPTION_MESSAGE_REQUIRED'),
    enabled: z.boolean().default(false),
    schedule: DisruptionSchedule.nullable().default(null),
    level: DisruptionLevel.default('moderate'),
    updatedBy: z.email('DISRUPTION_UPDATED_BY_EMAIL'),
  })
  .refine((input) => !input.schedule?.endDate || Date.parse(input.schedule.endDate) > Date.parse(input.schedule.startDate), {
    message: 'DISRUPTION_END_BEFORE_START',
    path: ['schedule', 'endDate'],
  });
export type DisruptionInput = z.infer<typeof DisruptionInput>;

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
