import { z } from 'zod';
import { BoundedInstant, Id, inYearRange } from './common.ts';

/** A total of one quantity over a period; null where nothing is known (no readings, no price). */
const Total = z.object({ total: z.number().nullable() });
const AvgHour = z.object({ avgHour: z.number().nullable() });

/**
 * The measurement node of spec 000 section 3: a period (`dateKey`, `date` = its first instant)
 * with its values and, one level down, its children (months of a year, days of a month or week,
 * hours of a day). Every child period is present; one without readings has null totals.
 */
export const MeasurementValue = z.object({
  consumption: Total.extend({ certainty: z.number().nullable() }),
  cost: Total,
  co2cost: Total,
  production: Total,
  cloudCover: Total,
  compareDegreeDays: Total,
  temperature: AvgHour,
  price: AvgHour,
  co2: AvgHour,
});
export type MeasurementValue = z.infer<typeof MeasurementValue>;

export type MeasurementNode = {
  dateKey: string;
  date: string;
  value: MeasurementValue;
  children: MeasurementNode[];
};
export const MeasurementNode: z.ZodType<MeasurementNode> = z.lazy(() =>
  z.object({ dateKey: z.string(), date: z.string(), value: MeasurementValue, children: z.array(MeasurementNode) }),
);

export const LocationDataParams = z.object({
  organisation: z.string(),
  id: Id,
  key: z.string().max(20),
});

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true'));

export const LocationDataQuery = z.object({
  /** Which of the location's services; its consumption service when left out. */
  serviceId: Id.optional(),
  /** Add the area's temperature, cloud cover and degree days, and the zone's CO2 and spot price. */
  addRelated: flag(true),
  /** With false, cost is left out (null). */
  calculateCost: flag(true),
  /** Accepted for the portal's calls; there are no forecasts or neighbouring periods yet (always answered as false). */
  allowForecasts: flag(false),
  allowNeighbour: flag(false),
});

/** An instant with its offset (`2025-10-26T01:00:00Z`, `2025-10-26T02:00:00+01:00`), in the years the calendar knows. */
const Instant = BoundedInstant;

/** Readings as they were metered, e.g. the four quarters of an hour (spec 001: data/hour with start_date, end_date). */
export const HourDataQuery = z.object({
  serviceId: Id.optional(),
  start_date: Instant,
  end_date: Instant,
});

/** GET /v4/{organisation}/sites/{id}/load: resolution with a date key (a month or a day), or start and end. */
export const LoadQuery = z.object({
  serviceId: Id.optional(),
  resolution: z.enum(['15min', 'hour']).default('hour'),
  dateKey: z.string().max(10).optional(),
  start: Instant.optional(),
  end: Instant.optional(),
});

const Point = z.object({ date: z.string(), value: z.number() });
export const LoadAnswer = z.object({
  resolution: z.enum(['15min', 'hour']),
  dateKey: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  unit: z.literal('kW'),
  /** Mean power per interval. */
  series: z.array(Point),
  /** The month of `start`: the hours that set its power tariff (or its three highest without one). */
  month: z.object({
    dateKey: z.string(),
    peaks: z.array(Point),
    /** Mean of the peaks. */
    peak: z.number().nullable(),
    /** The month's power tariff incl. VAT, in the organisation's currency; null without one. */
    powerCost: z.number().nullable(),
  }),
});
export type LoadAnswer = z.infer<typeof LoadAnswer>;

/** Parts of the day of spec 001 section 3 (monthly report), in local hours. */
export const PARTS_OF_DAY = { night: [0, 6], morning: [6, 10], day: [10, 17], evening: [17, 24] } as const;
export type PartOfDay = keyof typeof PARTS_OF_DAY;

export const DistributionQuery = z.object({
  serviceId: Id.optional(),
  /** What is distributed: kWh, money (incl. VAT) or grams of CO2. */
  type: z.enum(['consumption', 'cost', 'environment']).default('consumption'),
});

/** The distribution of spec 000 section 3: parts with type, share, value and unit; total; unit. */
export const Distribution = z.object({
  dateKey: z.string(),
  parts: z.array(z.object({ type: z.enum(['night', 'morning', 'day', 'evening']), share: z.number(), value: z.number(), unit: z.string() })),
  total: z.number().nullable(),
  unit: z.string(),
});
export type Distribution = z.infer<typeof Distribution>;

export const ServicesDataQuery = z.object({
  /** The month of `overview.current` and the last of `history` (12 months); the current month when left out. */
  month: z.string().regex(/^\d{4}-\d{2}$/).refine(inYearRange, 'DATE_OUT_OF_RANGE').optional(),
});

const MonthFigures = z.object({ dateKey: z.string(), consumption: z.number().nullable(), cost: z.number().nullable() });
/** The location's services with their monthly history and the current month (spec 000 section 7). */
export const ServicesData = z.object({
  services: z.array(
    z.object({
      serviceId: z.string(),
      serviceType: z.string(),
      type: z.string(),
      readingPeriod: z.string(),
      unit: z.string(),
      history: z.array(MonthFigures),
      overview: z.object({
        current: z.object({
          total: MonthFigures,
          /** The latest metered hour. */
          now: z.object({ date: z.string(), value: z.number() }).nullable(),
        }),
      }),
    }),
  ),
});
export type ServicesData = z.infer<typeof ServicesData>;
