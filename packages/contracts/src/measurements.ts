import { z } from 'zod';
import { Id } from './common.ts';

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

export const LocationDataQuery = z.object({
  /** Which of the location's services; its consumption service when left out. */
  serviceId: Id.optional(),
});
