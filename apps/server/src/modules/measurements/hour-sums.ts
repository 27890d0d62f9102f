import { sql, type RawBuilder } from 'kysely';
import { float4Array, int4Array, numeric4Array, timestamptzArray } from '../../lib/binary-arrays.ts';
import type { ReadingInput } from './repository.ts';

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;
/** The most decimal digits a value may have here: its ten-thousandths stay exact in a Number. */
const MAX_DIGITS = 15;

/**
 * Readings summed per service and hour in Node, as the columns of `hour_sums` (see `readingSums`
 * in recompute.ts, which sums the same way in SQL): the hour's value, lowest certainty, number of
 * readings, and its value apart by part of the hour (quarters 0–3, 4 for an hourly reading), all
 * decimals in ten-thousandths. In (service, hour) order, the order the roll-ups are inserted in.
 */
export interface HourSums {
  seq: number[];
  hourStart: number[];
  value: number[];
  certainty: number[];
  readings: number[];
  parts: [number[], number[], number[], number[], number[]];
}

/**
 * The hour sums of readings a write has just appended (decision 0018): summed here, where the
 * rows already are, instead of read back from `readings` and summed in SQL, which cost as much
 * again as their COPY. Undefined when a value is not a plain decimal with at most 4 places (the
 * SQL sums take those). Rows of one service and interval must be unique.
 */
export function hourSumsOf(rows: readonly ReadingInput[]): HourSums | undefined {
  const ordered = inOrder(rows) ? rows : [...rows].sort((a, b) => a.serviceSeq - b.serviceSeq || a.intervalStart.getTime() - b.intervalStart.getTime());
  const sums: HourSums = { seq: [], hourStart: [], value: [], certainty: [], readings: [], parts: [[], [], [], [], []] };
  let last = -1;
  for (const r of ordered) {
    const units = tenThousandths(r.value);
    if (units === undefined) return undefined;
    const at = r.intervalStart.getTime();
    const hourStart = hourStartOf(at);
    if (last < 0 || sums.seq[last] !== r.serviceSeq || sums.hourStart[last] !== hourStart) {
      last = sums.seq.length;
      sums.seq.push(r.serviceSeq);
      sums.hourStart.push(hourStart);
      sums.value.push(0);
      sums.certainty.push(r.certainty);
      sums.readings.push(0);
      for (const part of sums.parts) part.push(0);
    }
    sums.value[last]! += units;
    if (r.certainty < sums.certainty[last]!) sums.certainty[last] = r.certainty;
    sums.readings[last]!++;
    sums.parts[r.minutes === 60 ? 4 : ((at - hourStart) / QUARTER_MS) as 0 | 1 | 2 | 3][last]! += units;
  }
  return sums;
}

/** The sums as a relation with the columns of `hour_sums`: binary arrays, unnested. */
export function hourSumsRelation(sums: HourSums): RawBuilder<unknown> {
  const parts = sums.parts.map((part) => sql`${numeric4Array(part)}::numeric[]`);
  return sql`unnest(${int4Array(sums.seq)}::int4[], ${timestamptzArray(sums.hourStart)}::timestamptz[], ${numeric4Array(sums.value)}::numeric[],
                    ${float4Array(sums.certainty)}::float4[], ${int4Array(sums.readings)}::int4[], ${sql.join(parts)})
             AS rh(seq, hour_start, value, certainty, readings, v0, v1, v2, v3, v60)`;
}

/** The start of the hour (UTC, as `date_bin('1 hour', …, epoch)`) of an instant in ms. */
export function hourStartOf(instant: number): number {
  return instant - (((instant % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

function inOrder(rows: readonly ReadingInput[]): boolean {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    if (a.serviceSeq > b.serviceSeq || (a.serviceSeq === b.serviceSeq && a.intervalStart.getTime() >= b.intervalStart.getTime())) return false;
  }
  return true;
}

/** A decimal text ('-12.5', '0.3512') in ten-thousandths; undefined for anything else. */
export function tenThousandths(text: string): number | undefined {
  let i = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  const negative = i === 1;
  let units = 0;
  let digits = 0;
  let places = -1;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d === -2 /* . */ && places < 0 && digits > 0) {
      places = 0;
      continue;
    }
    if (d < 0 || d > 9 || ++digits > MAX_DIGITS) return undefined;
    if (places >= 0 && ++places > 4) return undefined;
    units = units * 10 + d;
  }
  if (digits === 0 || places === 0 || digits + 4 - Math.max(places, 0) > MAX_DIGITS) return undefined;
  for (let p = Math.max(places, 0); p < 4; p++) units *= 10;
  return negative ? -units : units;
}
