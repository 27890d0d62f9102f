import { z } from 'zod';
import { Id } from './common.ts';

/**
 * Data exports of a location's readings (spec 000 section 7 "get export URL", spec 001 section 7
 * "exports … with format csv, accessToken, dateKey, resolution"). A signed-in member asks for a
 * URL that holds a 60-second document token; opening it downloads the file.
 */
export const exportFormats = ['csv', 'xlsx'] as const;
export const ExportFormat = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The history periods that can be exported (spec 000 section 4.5; `total` cannot). */
export const exportPeriods = ['year', 'month', 'week', 'day'] as const;
export type ExportPeriod = (typeof exportPeriods)[number];

/** The measurement resolutions of spec 001 section 3 that have rows. */
export const exportResolutions = ['15min', 'hour', 'day', 'month'] as const;
export type ExportResolution = (typeof exportResolutions)[number];

export const ExportParams = z.object({ organisation: z.string(), id: Id });

/**
 * `period` and `resolution` are checked by the server (400 `INVALID_EXPORT_PERIOD`,
 * `INVALID_EXPORT_RESOLUTION`) rather than by the schema, so that a client sees which rule failed.
 * `period` defaults to the unit of `dateKey`; `resolution` to the next finer unit (15min for a day
 * of a quarter-hour service, else hour; day for a week or month; month for a year).
 */
export const ExportQuery = z.object({
  serviceId: Id.optional(),
  dateKey: z.string().min(1).max(20),
  period: z.string().max(20).optional(),
  resolution: z.string().max(20).optional(),
  format: ExportFormat.default('csv'),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

export const ExportDownloadQuery = ExportQuery.extend({ accessToken: z.string().max(4000).optional() });
export type ExportDownloadQuery = z.infer<typeof ExportDownloadQuery>;

export const ExportUrl = z.object({ url: z.string() });
export type ExportUrl = z.infer<typeof ExportUrl>;
