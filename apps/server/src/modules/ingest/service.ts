import type { MeasurementsService } from '../measurements/service.ts';
import { validateRow, type ReadingRow } from './rows.ts';

/** Rows are written in batches of this many, each batch in its own transaction. */
export const BATCH_SIZE = 50_000;
/**
 * Batches written at the same time, each on its own connection. A service's rows always go to
 * the same lane, so two batches in flight never touch the same service's periods.
 */
const LANES = 2;
/** The report lists at most this many rejected lines (it always counts them all). */
const MAX_LISTED_ERRORS = 1_000;

export interface IngestReport {
  received: number;
  accepted: number;
  /** Accepted rows that were new or changed a stored reading. */
  changed: number;
  rejected: number;
  errors: Array<{ line: number; reason: string }>;
}

/** A line of the file by its number: its fields, or why it could not be read. */
export interface NumberedRow {
  line: number;
  fields: Record<string, unknown> | string;
}

/** Rows waiting to be written, with their line numbers and service keys (see `serviceKey`). */
interface Batch {
  lines: number[];
  rows: ReadingRow[];
  keys: string[];
}

const emptyBatch = (): Batch => ({ lines: [], rows: [], keys: [] });

/** Names a row's service: our id, or its metering point and type (which cannot look like an id). */
const serviceKey = (row: ReadingRow) => row.serviceId ?? `${row.meteringPointId}|${row.serviceType}`;

interface Lane {
  batch: Batch;
  /** The lane's write in flight; its failure surfaces at the lane's next flush or at the end. */
  writing: Promise<void>;
}

/**
 * Bulk ingestion of readings from a provider's systems. Each line is validated on its own; a
 * rejected line is reported with its number and never written. Accepted lines are written in
 * batches through the same upsert as every other write, so sending a file again changes nothing.
 */
export class IngestService {
  private readonly measurements: MeasurementsService;
  constructor(measurements: MeasurementsService) {
    this.measurements = measurements;
  }

  /** `rows` comes in chunks (a chunk of the body's lines), which keeps per-line overhead small. */
  async readings(organisationId: string, rows: AsyncIterable<readonly NumberedRow[]>): Promise<IngestReport> {
    const report: IngestReport = { received: 0, accepted: 0, changed: 0, rejected: 0, errors: [] };
    const reject = (line: number, reason: string) => {
      report.rejected++;
      if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push({ line, reason });
    };
    // Batches are written while the next ones are read and validated, so that Node's work and
    // the database's overlap; memory stays at two batches per lane.
    const lanes: Lane[] = Array.from({ length: LANES }, () => ({ batch: emptyBatch(), writing: Promise.resolve() }));
    const services = new ServiceCache(this.measurements, organisationId);
    // A service keeps the lane it was first given; new services take turns, so that a file sorted
    // by service (one service's year, then the next's) keeps both lanes writing.
    const laneOfService = new Map<string, number>();
    let lastKey = '';
    let lastLane = 0;
    const laneOf = (key: string) => {
      if (key === lastKey) return lastLane;
      let lane = laneOfService.get(key);
      if (lane === undefined) laneOfService.set(key, (lane = laneOfService.size % LANES));
      lastKey = key;
      return (lastLane = lane);
    };
    const flush = async (lane: Lane) => {
      await lane.writing;
      if (lane.batch.rows.length > 0) {
        lane.writing = this.writeBatch(services, lane.batch, report, reject);
        // handled at the lane's next await; this only keeps it from counting as unhandled meanwhile
        lane.writing.catch(() => {});
      }
      lane.batch = emptyBatch();
    };
    for await (const chunk of rows) {
      for (const { line, fields } of chunk) {
        report.received++;
        if (typeof fields === 'string') {
          reject(line, fields);
          continue;
        }
        const row = validateRow(fields);
        if (typeof row === 'string') {
          reject(line, row);
          continue;
        }
        const key = serviceKey(row);
        const lane = lanes[laneOf(key)]!;
        lane.batch.lines.push(line);
        lane.batch.rows.push(row);
        lane.batch.keys.push(key);
        if (lane.batch.rows.length >= BATCH_SIZE) await flush(lane);
      }
    }
    for (const lane of lanes) await flush(lane);
    for (const lane of lanes) await lane.writing;
    // the report lists rejected lines in file order, whichever lane found them
    report.errors.sort((a, b) => a.line - b.line);
    return report;
  }

  private async writeBatch(services: ServiceCache, batch: Batch, report: IngestReport, reject: (line: number, reason: string) => void) {
    const { lines, rows, keys } = batch;
    await services.resolve(rows, keys);
    // A later line for the same service and interval replaces an earlier one (the write keeps the last).
    const readings: ReadingRow[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const seq = services.seqOf(keys[i]!);
      if (seq === undefined) {
        reject(lines[i]!, row.serviceId ? `UNKNOWN_SERVICE: no service ${row.serviceId} in this organisation` : `UNKNOWN_METERING_POINT: no ${row.serviceType} service at ${row.meteringPointId}`);
        continue;
      }
      report.accepted++;
      row.serviceSeq = seq;
      readings.push(row);
    }
    // awaited before the sum: `report.changed += await …` would read the total before another lane's write adds to it
    const changed = await this.measurements.write(readings);
    report.changed += changed;
  }
}

/** The services of one request by key (see `serviceKey`), looked up once each (null: none such). */
class ServiceCache {
  private readonly known = new Map<string, number | null>();
  private readonly measurements: MeasurementsService;
  private readonly organisationId: string;
  constructor(measurements: MeasurementsService, organisationId: string) {
    this.measurements = measurements;
    this.organisationId = organisationId;
  }

  seqOf(key: string): number | undefined {
    return this.known.get(key) ?? undefined;
  }

  /** Looks up the services of `rows` (with their keys) not yet known. */
  async resolve(rows: readonly ReadingRow[], keys: readonly string[]): Promise<void> {
    const ids = new Set<string>();
    const points = new Map<string, { meteringPointId: string; serviceType: string }>();
    let previous: string | undefined;
    for (let i = 0; i < rows.length; i++) {
      const key = keys[i]!;
      // rows come in runs of one service
      if (key === previous || this.known.has(key)) continue;
      previous = key;
      const row = rows[i]!;
      if (row.serviceId) ids.add(row.serviceId);
      else points.set(key, { meteringPointId: row.meteringPointId!, serviceType: row.serviceType });
    }
    if (ids.size === 0 && points.size === 0) return;
    const found = await this.measurements.resolveServices(this.organisationId, [...ids], [...points.values()]);
    for (const id of ids) this.known.set(id, null);
    for (const key of points.keys()) this.known.set(key, null);
    for (const s of found) {
      if (ids.has(s.id)) this.known.set(s.id, s.seq);
      const point = `${s.provider_site_id}|${s.type}`;
      if (points.has(point)) this.known.set(point, s.seq);
    }
  }
}
