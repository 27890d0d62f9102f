import type { ReadingInput } from '../measurements/repository.ts';
import type { MeasurementsService } from '../measurements/service.ts';
import { validateRow, type ReadingRow } from './rows.ts';

/** Rows are written in batches of this many, each batch in its own transaction. */
export const BATCH_SIZE = 20_000;
/** The report lists at most this many rejected lines (it always counts them all). */
const MAX_LISTED_ERRORS = 1_000;
const SOURCE_INGEST_API = 0;

export interface IngestReport {
  received: number;
  accepted: number;
  /** Accepted rows that were new or changed a stored reading. */
  changed: number;
  rejected: number;
  errors: Array<{ line: number; reason: string }>;
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

  async readings(organisationId: string, lines: AsyncIterable<{ line: number; fields: Record<string, unknown> | string }>): Promise<IngestReport> {
    const report: IngestReport = { received: 0, accepted: 0, changed: 0, rejected: 0, errors: [] };
    const reject = (line: number, reason: string) => {
      report.rejected++;
      if (report.errors.length < MAX_LISTED_ERRORS) report.errors.push({ line, reason });
    };
    let batch: Array<{ line: number; row: ReadingRow }> = [];
    // A batch is written while the next one is read and validated, so that Node's work and the
    // database's overlap; at most one write is in flight (memory stays at two batches), and its
    // failure surfaces at the next flush.
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      await writing;
      if (batch.length > 0) {
        writing = this.writeBatch(organisationId, batch, report, reject);
        // handled at the next await; this only keeps it from counting as unhandled meanwhile
        writing.catch(() => {});
      }
      batch = [];
    };
    for await (const { line, fields } of lines) {
      report.received++;
      if (typeof fields === 'string') {
        reject(line, fields);
        continue;
      }
      const parsed = validateRow(fields);
      if (!parsed.ok) reject(line, parsed.reason);
      else batch.push({ line, row: parsed.row });
      if (batch.length >= BATCH_SIZE) await flush();
    }
    await flush();
    await writing;
    return report;
  }

  private async writeBatch(organisationId: string, batch: Array<{ line: number; row: ReadingRow }>, report: IngestReport, reject: (line: number, reason: string) => void) {
    const ids = [...new Set(batch.flatMap(({ row }) => (row.serviceId ? [row.serviceId] : [])))];
    const points = [...new Map(batch.flatMap(({ row }) => (row.meteringPointId && !row.serviceId ? [[`${row.meteringPointId}|${row.serviceType}`, { meteringPointId: row.meteringPointId, serviceType: row.serviceType }] as const] : []))).values()];
    const services = await this.measurements.resolveServices(organisationId, ids, points);
    const byId = new Map(services.map((s) => [s.id, s.seq]));
    const byPoint = new Map(services.map((s) => [`${s.provider_site_id}|${s.type}`, s.seq]));

    // One reading per service and interval: a later line of the file replaces an earlier one.
    const readings = new Map<string, ReadingInput>();
    for (const { line, row } of batch) {
      const seq = row.serviceId ? byId.get(row.serviceId) : byPoint.get(`${row.meteringPointId}|${row.serviceType}`);
      if (seq === undefined) {
        reject(line, row.serviceId ? `UNKNOWN_SERVICE: no service ${row.serviceId} in this organisation` : `UNKNOWN_METERING_POINT: no ${row.serviceType} service at ${row.meteringPointId}`);
        continue;
      }
      report.accepted++;
      readings.set(`${seq}|${row.start.getTime()}`, { serviceSeq: seq, intervalStart: row.start, minutes: row.minutes, value: row.value, certainty: row.certainty, status: row.status, source: SOURCE_INGEST_API });
    }
    report.changed += await this.measurements.write([...readings.values()]);
  }
}
