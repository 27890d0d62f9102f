import type { Readable } from 'node:stream';
import type { Language } from '@gridline/contracts/enums';
import {
  exportPeriods,
  exportResolutions,
  type ExportDownloadQuery,
  type ExportPeriod,
  type ExportQuery,
  type ExportResolution,
} from '@gridline/contracts/exports';
import { copyBundles } from '@gridline/copy/bundles';
import type { CopyTree } from '@gridline/copy/types';
import { keyOf, parseDateKey, periodOf, type Period } from '@gridline/locale/calendar';
import { AppError } from '../../lib/errors.ts';
import type { TokenClaims, TokenService } from '../auth/tokens.ts';
import type { CopyService } from '../copy/service.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import type { Organisation } from '../organisations/service.ts';
import { contentDisposition, csvConvention, exportFilename, fill, LocalClock } from './format.ts';
import { trustedPortalOrigin } from '../auth/portal-origin.ts';
import type { ExportsRepository } from './repository.ts';
import { csvStream, xlsxStream, type ExportRow, type ExportTable } from './writers.ts';

/** Document tokens live 60 seconds: long enough to open the link, too short to share it. */
const DOCUMENT_TOKEN_TTL_SECONDS = 60;

const MINUTE_MS = 60_000;
/** Resolutions and periods ordered by length; a resolution must be shorter than its period. */
const rank: Record<ExportResolution | ExportPeriod, number> = { '15min': 0, hour: 1, day: 2, week: 3, month: 4, year: 5 };

type Service = Awaited<ReturnType<MeasurementsService['serviceOf']>>;

/** What an export covers once its query is checked. */
export interface ExportPlan {
  period: Period & { unit: ExportPeriod };
  resolution: ExportResolution;
}

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * Exports of a location's readings as CSV or XLSX (spec 000 sections 2.9, 4.5 and 7). A member
 * asks for a URL; the URL carries a 60-second document token, so a browser can open it in a new
 * window without the bearer header; the file is written while its rows are read.
 */
export class ExportsService {
  private readonly d: {
    repository: ExportsRepository;
    measurements: Pick<MeasurementsService, 'serviceOf'>;
    tokens: Pick<TokenService, 'sign' | 'verify'>;
    copy: Pick<CopyService, 'aggregated'>;
    /** PUBLIC_URL: links are built on the organisation's configured portal origins only. */
    publicUrl: string;
  };

  constructor(deps: ExportsService['d']) {
    this.d = deps;
  }

  /**
   * A download URL for a signed-in member, checked now so that the link works when opened. It lies
   * on the origin the request came to when that is one of the organisation's configured portal
   * origins, else on the organisation's own: never on a host a request header named (a forged
   * X-Forwarded-Host once sent the token to evil.example).
   */
  async url(organisation: Organisation, auth: TokenClaims, locationId: string, query: ExportQuery, requestOrigin: string): Promise<{ url: string }> {
    const origin = trustedPortalOrigin(this.d.publicUrl, organisation.slug, requestOrigin);
    const service = await this.d.measurements.serviceOf(organisation, auth.userId, locationId, query.serviceId);
    const plan = planExport(query, service.reading_period, service.time_zone);
    const { token } = await this.d.tokens.sign({ ...auth, use: 'document' }, DOCUMENT_TOKEN_TTL_SECONDS);
    const params = new URLSearchParams({
      accessToken: token,
      serviceId: service.id,
      dateKey: plan.period.key,
      period: plan.period.unit,
      resolution: plan.resolution,
      format: query.format,
    });
    return { url: `${origin}/v4/${encodeURIComponent(organisation.slug)}/locations/${encodeURIComponent(locationId)}/data/export?${params}` };
  }

  /** The file behind a URL: the token must be a live document token of this organisation's member. */
  async download(
    organisation: Organisation,
    locationId: string,
    query: ExportDownloadQuery,
  ): Promise<{ filename: string; disposition: string; contentType: string; body: Readable }> {
    if (!query.accessToken) throw new AppError('MISSING_TOKEN');
    const claims = await this.d.tokens.verify(query.accessToken, 'document');
    if (claims.organisationId !== organisation.id) throw new AppError('INVALID_TOKEN');
    const service = await this.d.measurements.serviceOf(organisation, claims.userId, locationId, query.serviceId);
    const plan = planExport(query, service.reading_period, service.time_zone);

    const context = await this.d.repository.context(organisation.id, claims.userId, locationId);
    const language = organisation.languages.find((l) => l === context.language) ?? organisation.defaultLanguage;
    const table = await this.table(organisation, language, service, plan);
    const filename = exportFilename(context.address, plan.period.key, query.format);
    const body = query.format === 'csv' ? csvStream(table, csvConvention(language)) : xlsxStream(table);
    return { filename, disposition: contentDisposition(filename), contentType: CONTENT_TYPES[query.format], body };
  }

  private async table(organisation: Organisation, language: Language, service: Service, plan: ExportPlan): Promise<ExportTable> {
    const copy = await this.d.copy.aggregated(organisation, language, ['shared']);
    const texts = exportTexts(copy.texts.shared, language);
    const withStatus = plan.resolution === '15min';
    const headers = [
      texts('start'),
      fill(texts('consumption'), { unit: service.type === 'water' ? 'm3' : 'kWh' }),
      fill(texts('cost'), { currency: organisation.currency }),
      texts('certainty'),
      ...(withStatus ? [texts('status')] : []),
    ];
    const statusName = (status: number) => texts(`readingStatus.${status}`);
    return { sheetName: texts('sheet'), headers, withStatus, chunks: this.chunks(organisation.id, service, plan, statusName) };
  }

  /**
   * Every interval of the period at the resolution, gaps included (empty cells), a local month
   * at a time: 15-minute rows from the readings, hour rows from the hour roll-ups, day and month
   * rows from theirs. Cost is priced per hour (decision 0006), so quarter-hour rows have none.
   */
  private async *chunks(organisationId: string, service: Service, plan: ExportPlan, statusName: (status: number) => string): AsyncGenerator<ExportRow[]> {
    const tz = service.time_zone;
    const clock = new LocalClock(tz);
    for (const chunk of monthChunks(plan.period, tz)) {
      const slots = intervals(chunk, plan.resolution, tz);
      const data = new Map<number, { value: string; cost: string | null; certainty: number; status: number | null }>();
      if (plan.resolution === '15min') {
        for (const r of await this.d.repository.readings(organisationId, service.seq, chunk.start, chunk.end)) {
          data.set(r.interval_start.getTime(), { value: r.value, cost: null, certainty: r.certainty, status: r.status });
        }
      } else {
        for (const r of await this.d.repository.rollups(organisationId, service.seq, plan.resolution, chunk.start, chunk.end)) {
          data.set(r.period_start.getTime(), { value: r.value, cost: r.cost, certainty: r.certainty, status: null });
        }
      }
      yield slots.map((start) => {
        const row = data.get(start.getTime());
        return {
          wall: clock.wall(start),
          local: clock.text(start),
          consumption: row?.value ?? null,
          cost: row?.cost ?? null,
          certainty: row ? Math.round(row.certainty * 100) : null,
          status: row && row.status !== null ? statusName(row.status) : null,
        };
      });
    }
  }
}

/**
 * Checks an export's query: `total` or an unknown period is `INVALID_EXPORT_PERIOD`; a key that
 * is not a real year, month, week or day (or not of the named period) `INVALID_DATE_KEY`; a
 * resolution not shorter than the period, or 15 minutes for a service read hourly,
 * `INVALID_EXPORT_RESOLUTION`.
 */
export function planExport(query: Pick<ExportQuery, 'dateKey' | 'period' | 'resolution'>, readingPeriod: string, timeZone: string): ExportPlan {
  if (query.period !== undefined && !(exportPeriods as readonly string[]).includes(query.period)) {
    throw new AppError('INVALID_EXPORT_PERIOD', { data: { period: query.period, periods: exportPeriods } });
  }
  const unit = parseDateKey(query.dateKey)?.unit;
  const period = unit && unit !== 'hour' && (query.period === undefined || query.period === unit) ? periodOf(query.dateKey, timeZone) : null;
  if (!period) throw new AppError('INVALID_DATE_KEY', { data: { key: query.dateKey, unit: query.period ?? null } });
  const periodUnit = period.unit as ExportPeriod;
  const quarterHours = readingPeriod === '15M';
  const resolution = query.resolution ?? defaultResolution(periodUnit, quarterHours);
  if (!(exportResolutions as readonly string[]).includes(resolution)) {
    throw new AppError('INVALID_EXPORT_RESOLUTION', { data: { resolution, resolutions: exportResolutions } });
  }
  const checked = resolution as ExportResolution;
  if (rank[checked] >= rank[periodUnit]) throw new AppError('INVALID_EXPORT_RESOLUTION', { data: { resolution, period: periodUnit } });
  if (checked === '15min' && !quarterHours) throw new AppError('INVALID_EXPORT_RESOLUTION', { data: { resolution, readingPeriod } });
  return { period: { ...period, unit: periodUnit }, resolution: checked };
}

function defaultResolution(period: ExportPeriod, quarterHours: boolean): ExportResolution {
  if (period === 'day') return quarterHours ? '15min' : 'hour';
  return period === 'year' ? 'month' : 'day';
}

/** The period cut at local month boundaries: the unit of reading and writing. */
function* monthChunks(period: Period, timeZone: string): Generator<{ start: Date; end: Date }> {
  let start = period.start;
  while (start < period.end) {
    const monthEnd = periodOf(keyOf(start, 'month', timeZone), timeZone)!.end;
    const end = monthEnd < period.end ? monthEnd : period.end;
    yield { start, end };
    start = end;
  }
}

/** The starts of the intervals of a resolution within [start, end), in local time for days and months. */
export function intervals(range: { start: Date; end: Date }, resolution: ExportResolution, timeZone: string): Date[] {
  const out: Date[] = [];
  if (resolution === '15min' || resolution === 'hour') {
    const step = (resolution === '15min' ? 15 : 60) * MINUTE_MS;
    for (let t = range.start.getTime(); t < range.end.getTime(); t += step) out.push(new Date(t));
    return out;
  }
  for (let at = range.start; at < range.end;) {
    out.push(at);
    at = periodOf(keyOf(at, resolution, timeZone), timeZone)!.end;
  }
  return out;
}

/** The export's texts in the organisation's copy (its overrides included), the bundled defaults behind. */
function exportTexts(shared: CopyTree | undefined, language: Language): (path: string) => string {
  const defaults = copyBundles[language].shared;
  const find = (tree: CopyTree | undefined, path: string): string | undefined => {
    let node: string | CopyTree | undefined = tree?.dataExport;
    for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' && node.trim() !== '' ? node : undefined;
  };
  return (path) => find(shared, path) ?? find(defaults, path) ?? path;
}
